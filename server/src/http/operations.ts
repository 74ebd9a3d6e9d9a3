import type { Permission } from '../domain/roles';
import type { Schemas } from '../api/types';

/**
 * How an operation is protected, read from the OpenAPI document (security, x-user-type,
 * x-permission, x-during-two-factor-setup).
 */
export interface OperationAccess {
  operationId: string;
  /** 'public': no token needed (and a bad one is ignored); 'optional': a token is used when valid; 'required'. */
  auth: 'public' | 'optional' | 'required';
  userType?: Schemas['UserType'];
  permission?: Permission;
  /** x-during-two-factor-setup: allowed to an admin who must still set up a second factor. */
  duringTwoFactorSetup: boolean;
}

/** What a caller of the other user type is told (accessCheck, and the mocks: mocks/handlers/access.ts). */
export const WRONG_USER_TYPE = {
  admin: 'Admin privileges are required',
  customer: 'A customer account is required',
} as const;

interface SpecOperation {
  operationId?: string;
  security?: Record<string, string[]>[];
  'x-user-type'?: Schemas['UserType'];
  'x-permission'?: Permission;
  'x-during-two-factor-setup'?: boolean;
}

interface Spec {
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, unknown>>;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];

export function readOperationAccess(spec: Spec): Map<string, OperationAccess> {
  const result = new Map<string, OperationAccess>();
  for (const pathItem of Object.values(spec.paths)) {
    for (const method of METHODS) {
      const op = pathItem[method] as SpecOperation | undefined;
      if (!op?.operationId) continue;
      const security = op.security ?? spec.security ?? [];
      const anonymousAllowed =
        security.length === 0 || security.some((s) => Object.keys(s).length === 0);
      const auth = security.length === 0 ? 'public' : anonymousAllowed ? 'optional' : 'required';
      result.set(op.operationId, {
        operationId: op.operationId,
        auth,
        userType: op['x-user-type'],
        permission: op['x-permission'],
        duringTwoFactorSetup: op['x-during-two-factor-setup'] === true,
      });
    }
  }
  return result;
}
