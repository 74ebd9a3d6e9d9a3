// The one request (and response) validator of the project, derived from generated/openapi.json.
// The API server (server/src/http/contract-validation.ts) and the MSW mocks (mocks/handlers/endpoint.ts)
// both run it, so what the mocks accept is exactly what the server accepts.
//
// Rules (also stated in openapi/openapi.yaml):
// - Path and query parameters arrive as strings and are parsed by their schema type: integers as
//   plain decimals only (`0x2`, `1e3`, `+2`, `2.0`, `Infinity` are refused), numbers as plain
//   decimals, booleans as `true`/`false`. Then minimum/maximum/maxLength/pattern/enum apply.
// - Bodies are real JSON, validated without type coercion (`"5"` is not an integer).
// - No string anywhere in the input (parameters, body values and keys) may contain a control
//   character other than tab, line feed and carriage return.
// - The content type must be one the operation's requestBody declares (else 415, even for an empty
//   body sent with another content type); a required body that is absent or empty (without a
//   content type, or in a declared one) is a 422; an operation without a requestBody accepts an
//   absent or empty body whatever its content type, and refuses any other body with 415.
// - multipart/form-data bodies (uploads) are read part by part by the upload service, which checks
//   field names, counts, sizes and types itself: only the parameters are checked here.
// - Failures are FastAPI-style 422 issues `{loc, msg, type}` naming the field, 400 for malformed
//   JSON, 404 for a path no operation has.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

type Detail = string | ValidationIssue[];

type Schema = Record<string, unknown>;
interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
  $ref?: string;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, unknown>;
  headers?: Record<string, unknown>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  kind: 'integer' | 'number' | 'boolean' | 'string' | 'array';
  itemKind: 'integer' | 'number' | 'boolean' | 'string';
  default: unknown;
  validate: ValidateFunction;
}

export interface Operation {
  operationId: string;
  method: string;
  /** Path template of the contract, e.g. /api/v1/admin/products/{id} */
  path: string;
  segments: string[];
  parameters: Parameter[];
  /** Media types the requestBody declares; undefined: the operation takes no body. */
  bodyTypes?: string[];
  bodyRequired: boolean;
  validateBody?: ValidateFunction;
  responses: Record<string, ResponseObject>;
  pointer: string;
}

interface RequestInput {
  method: string;
  /** Path and query string as sent (percent-encoded), or an absolute URL. */
  url: string;
  contentType?: string | null;
  /** The raw body text; undefined or '' when none. MULTIPART for a multipart body (not read here). */
  body?: string | typeof MULTIPART | null;
}

export const MULTIPART = Symbol('multipart body');
export const MULTIPART_TYPE = 'multipart/form-data';
const JSON_TYPE = 'application/json';

type RequestResult =
  | {
      ok: true;
      operation: Operation;
      params: Record<string, unknown>;
      query: Record<string, unknown>;
      body: unknown;
    }
  | { ok: false; status: number; detail: Detail; operation?: Operation };

/** C0 controls except tab, line feed and carriage return, and DEL. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];
const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const trimSlashes = (path: string) => path.replace(/\/+$/, '');

/** AJV errors → FastAPI-style issues naming the field: loc ["body", "meta_title"]. */
function toValidationIssues(
  errors: Pick<ErrorObject, 'instancePath' | 'keyword' | 'message' | 'params'>[],
  root: string,
  prefix: (string | number)[] = [],
): ValidationIssue[] {
  const issues = errors.map((e): ValidationIssue => {
    const path = e.instancePath
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'required' && typeof params.missingProperty === 'string') {
      return {
        loc: [root, ...prefix, ...path, params.missingProperty],
        msg: 'Field required',
        type: 'missing',
      };
    }
    if (e.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
      return {
        loc: [root, ...prefix, ...path, params.additionalProperty],
        msg: 'Extra inputs are not permitted',
        type: 'extra_forbidden',
      };
    }
    return { loc: [root, ...prefix, ...path], msg: e.message ?? 'Invalid value', type: e.keyword };
  });
  // allErrors reports the same place several times through oneOf/anyOf branches: keep one each.
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = JSON.stringify(issue);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Issues for every string (value or key) holding a control character. */
function controlCharacterIssues(value: unknown, loc: (string | number)[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const visit = (v: unknown, at: (string | number)[]) => {
    if (typeof v === 'string') {
      if (CONTROL_CHARACTER.test(v))
        issues.push({ loc: at, msg: 'must not contain control characters', type: 'pattern' });
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => visit(item, [...at, i]));
    } else if (v && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (CONTROL_CHARACTER.test(key))
          issues.push({ loc: at, msg: 'must not contain control characters', type: 'pattern' });
        visit(item, [...at, key]);
      }
    }
  };
  visit(value, loc);
  return issues;
}

const PARSERS = {
  integer: (s: string) => (/^-?\d+$/.test(s) ? Number(s) : undefined),
  number: (s: string) => (/^-?\d+(\.\d+)?$/.test(s) ? Number(s) : undefined),
  boolean: (s: string) => (s === 'true' ? true : s === 'false' ? false : undefined),
  string: (s: string) => s,
} as const;

export interface Contract {
  readonly operations: Operation[];
  operation(operationId: string): Operation | undefined;
  /** The operation answering this method and path (literal segments win over parameters). */
  matchOperation(
    method: string,
    path: string,
  ): { operation: Operation; rawParams: Record<string, string> } | undefined;
  validateRequest(input: RequestInput): RequestResult;
  /** Null when the answer matches the contract, else why not. */
  validateResponse(
    operationId: string,
    status: number,
    body: unknown,
    headers?: Record<string, string | undefined>,
  ): string | null;
}

export function createContract(document: OpenApiDocument): Contract {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    useDefaults: true,
    coerceTypes: false,
    // multipleOf on decimals (a percent with 2 decimals, multipleOf 0.01): 71.54 / 0.01 is
    // 7153.999… in binary floating point, which a plain check refuses (#29).
    multipleOfPrecision: 9,
  });
  const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
    addFormatsModule) as (a: Ajv2020) => void;
  addFormats(ajv);
  for (const format of ['binary', 'password']) ajv.addFormat(format, true);
  ajv.addSchema(document as object, 'openapi.json');
  const compile = (pointer: string) =>
    ajv.getSchema(`openapi.json${pointer}`) ?? ajv.compile({ $ref: `openapi.json${pointer}` });
  // Compiled on first use: the browser (Storybook, dev:mock) pays only for what a screen calls.
  const lazy = (pointer: string): ValidateFunction => {
    let compiled: ValidateFunction | undefined;
    const validate = ((data: unknown) => {
      compiled ??= compile(pointer);
      const valid = compiled(data);
      validate.errors = compiled.errors;
      return valid;
    }) as ValidateFunction;
    return validate;
  };

  const resolve = <T>(value: T & { $ref?: string }): T => {
    let current: unknown = value;
    for (let i = 0; i < 10 && (current as { $ref?: string })?.$ref; i++) {
      const ref = (current as { $ref: string }).$ref;
      current = ref
        .slice(2)
        .split('/')
        .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], document);
    }
    return current as T;
  };

  const kindOf = (schema: Schema | undefined): Parameter['kind'] => {
    const s = schema ? resolve<Schema>(schema) : {};
    const types = ([] as unknown[]).concat(s.type ?? []);
    for (const kind of ['array', 'integer', 'number', 'boolean'] as const)
      if (types.includes(kind)) return kind;
    return 'string';
  };

  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const common = (item.parameters as ParameterObject[] | undefined) ?? [];
    for (const method of METHODS) {
      const op = item[method] as
        | {
            operationId?: string;
            parameters?: ParameterObject[];
            requestBody?: { $ref?: string; required?: boolean; content?: Record<string, unknown> };
            responses?: Record<string, ResponseObject>;
          }
        | undefined;
      if (!op?.operationId) continue;
      const opPointer = `#/paths/${escapePointer(path)}/${method}`;
      const declared = [
        ...common.map((p, i) => ({ p, pointer: `#/paths/${escapePointer(path)}/parameters/${i}` })),
        ...(op.parameters ?? []).map((p, i) => ({ p, pointer: `${opPointer}/parameters/${i}` })),
      ];
      const parameters = new Map<string, Parameter>();
      for (const { p, pointer } of declared) {
        const param = resolve<ParameterObject>(p);
        if (param.in !== 'path' && param.in !== 'query') continue;
        const schemaPointer = `${p.$ref ? p.$ref.slice(1) : pointer.slice(1)}/schema`;
        const schema = param.schema ?? {};
        const kind = kindOf(schema);
        const resolved = resolve<Schema>(schema);
        parameters.set(`${param.in}:${param.name}`, {
          name: param.name,
          in: param.in,
          required: param.in === 'path' || param.required === true,
          kind,
          itemKind:
            kind === 'array'
              ? (kindOf(resolved.items as Schema) as Parameter['itemKind'])
              : 'string',
          default: schema.default ?? resolved.default,
          validate: lazy(`#${schemaPointer}`),
        });
      }
      const requestBody = op.requestBody ? resolve(op.requestBody) : undefined;
      const bodyTypes = requestBody?.content ? Object.keys(requestBody.content) : undefined;
      const bodyPointer = op.requestBody?.$ref
        ? op.requestBody.$ref.slice(1)
        : `${opPointer.slice(1)}/requestBody`;
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        segments: trimSlashes(path).split('/'),
        parameters: [...parameters.values()],
        bodyTypes,
        bodyRequired: requestBody?.required === true,
        validateBody: bodyTypes?.includes(JSON_TYPE)
          ? lazy(`#${bodyPointer}/content/application~1json/schema`)
          : undefined,
        responses: op.responses ?? {},
        pointer: opPointer,
      });
    }
  }
  const byId = new Map(operations.map((op) => [op.operationId, op]));

  /**
   * The operations by method and number of path segments, each segment either a literal or the
   * name of a parameter: every request (server and mocks) is matched, so no pattern is run then.
   */
  const candidates = new Map<
    string,
    { operation: Operation; segments: { literal?: string; param?: string }[] }[]
  >();
  for (const operation of operations) {
    const key = `${operation.method} ${operation.segments.length}`;
    const list = candidates.get(key) ?? [];
    list.push({
      operation,
      segments: operation.segments.map((template) => {
        const param = /^\{(.+)\}$/.exec(template)?.[1];
        return param === undefined ? { literal: template } : { param };
      }),
    });
    candidates.set(key, list);
  }

  function matchOperation(method: string, rawPath: string) {
    const segments = trimSlashes(rawPath).split('/');
    let best:
      { operation: Operation; rawParams: Record<string, string>; score: string } | undefined;
    for (const candidate of candidates.get(`${method.toUpperCase()} ${segments.length}`) ?? []) {
      const rawParams: Record<string, string> = {};
      let score = '';
      let ok = true;
      for (let i = 0; i < segments.length && ok; i++) {
        const template = candidate.segments[i]!;
        const actual = segments[i]!;
        if (template.param !== undefined) {
          if (actual === '') ok = false;
          rawParams[template.param] = actual;
          score += '0';
        } else {
          ok = template.literal === actual;
          score += '1';
        }
      }
      // Like the server's router: a literal segment wins over a parameter at the same place.
      if (ok && (!best || score > best.score)) {
        best = { operation: candidate.operation, rawParams, score };
      }
    }
    return best && { operation: best.operation, rawParams: best.rawParams };
  }

  function parseParameter(
    parameter: Parameter,
    values: string[],
    issues: ValidationIssue[],
  ): unknown {
    const loc = [parameter.in, parameter.name];
    const parseOne = (kind: Parameter['itemKind'], text: string) => {
      const value = PARSERS[kind](text);
      if (value === undefined) issues.push({ loc, msg: `must be ${kind}`, type: 'type' });
      return value;
    };
    if (parameter.kind === 'array') return values.map((v) => parseOne(parameter.itemKind, v));
    if (values.length > 1) {
      issues.push({ loc, msg: 'must be a single value', type: 'type' });
      return undefined;
    }
    return parseOne(parameter.kind, values[0] as string);
  }

  function validateRequest(input: RequestInput): RequestResult {
    const url = new URL(input.url, 'http://contract.invalid');
    const match = matchOperation(input.method, url.pathname);
    if (!match) return { ok: false, status: 404, detail: 'Not Found' };
    const { operation, rawParams } = match;
    const issues: ValidationIssue[] = [];
    const params: Record<string, unknown> = {};
    const query: Record<string, unknown> = {};

    for (const parameter of operation.parameters) {
      let values: string[];
      if (parameter.in === 'path') {
        try {
          values = [decodeURIComponent(rawParams[parameter.name] ?? '')];
        } catch {
          return { ok: false, status: 400, detail: 'Malformed percent-encoding in the path' };
        }
      } else {
        values = url.searchParams.getAll(parameter.name);
      }
      const target = parameter.in === 'path' ? params : query;
      if (values.length === 0) {
        if (parameter.default !== undefined) target[parameter.name] = parameter.default;
        else if (parameter.required)
          issues.push({
            loc: [parameter.in, parameter.name],
            msg: 'Field required',
            type: 'missing',
          });
        continue;
      }
      const before = issues.length;
      if (values.some((v) => CONTROL_CHARACTER.test(v)))
        issues.push({
          loc: [parameter.in, parameter.name],
          msg: 'must not contain control characters',
          type: 'pattern',
        });
      const value = parseParameter(parameter, values, issues);
      if (issues.length > before) continue;
      if (!parameter.validate(value)) {
        issues.push(
          ...toValidationIssues(parameter.validate.errors ?? [], parameter.in, [parameter.name]),
        );
        continue;
      }
      target[parameter.name] = value;
    }

    const mediaType = input.contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
    const multipart = input.body === MULTIPART;
    const text = multipart ? undefined : (input.body as string | null | undefined);
    const empty = !multipart && (text === undefined || text === null || text === '');
    let body: unknown = undefined;

    if (!operation.bodyTypes) {
      if (!empty) return refuse(operation, 415, 'This operation takes no request body', issues);
    } else if (operation.bodyTypes.includes(MULTIPART_TYPE)) {
      // The upload service reads and checks the parts (see the header of this file).
    } else if (empty && !(mediaType && !operation.bodyTypes.includes(mediaType))) {
      if (operation.bodyRequired)
        issues.push({ loc: ['body'], msg: 'Field required', type: 'missing' });
    } else if (!mediaType || !operation.bodyTypes.includes(mediaType)) {
      // Also an empty body sent as another type (a form posted to an operation whose optional
      // body is JSON): it is not the JSON body the operation takes, so it is refused, not run.
      return refuse(
        operation,
        415,
        `Unsupported content type ${mediaType ?? '(none)'}: send ${operation.bodyTypes.join(' or ')}`,
        issues,
      );
    } else {
      try {
        body = JSON.parse(text as string, (key, value: unknown) => {
          if (key === '__proto__') throw new Error('forbidden key');
          return value;
        });
      } catch {
        return refuse(operation, 400, 'Body is not valid JSON', issues);
      }
      const controls = controlCharacterIssues(body, ['body']);
      if (controls.length > 0) issues.push(...controls);
      else if (operation.validateBody && !operation.validateBody(body))
        issues.push(...toValidationIssues(operation.validateBody.errors ?? [], 'body'));
    }

    if (issues.length > 0) return { ok: false, status: 422, detail: issues, operation };
    return { ok: true, operation, params, query, body };
  }

  function refuse(
    operation: Operation,
    status: number,
    detail: string,
    issues: ValidationIssue[],
  ): RequestResult {
    // Parameter problems are reported first: they are what a client fixes first.
    if (issues.length > 0) return { ok: false, status: 422, detail: issues, operation };
    return { ok: false, status, detail, operation };
  }

  function validateResponse(
    operationId: string,
    status: number,
    body: unknown,
    headers: Record<string, string | undefined> = {},
  ): string | null {
    const operation = byId.get(operationId);
    if (!operation) return `Unknown operationId ${operationId}`;
    let pointer = `${operation.pointer}/responses/${status}`;
    let response = operation.responses[String(status)];
    // 502/503/504 come from a proxy or load balancer in front of the server, in any shape.
    if (!response && status >= 502 && status <= 504) return null;
    if (!response && status >= 500) {
      // Any operation may fail with a server error; its body is still {detail}.
      pointer = '#/components/schemas/HttpError';
      const validate = compile(pointer);
      return validate(body)
        ? null
        : `${operationId} ${status} body is not {detail: string}: ${JSON.stringify(body)}`;
    }
    if (!response)
      return `${operationId} answered ${status}, which the OpenAPI document does not declare`;
    if (response.$ref) {
      pointer = response.$ref.slice(1);
      pointer = `#${pointer}`;
      response = resolve(response);
    }
    // An operation that answers JSON or another type (a JSON or CSV export) is checked as the
    // type it answered with: a declared non-JSON body is not held to the JSON schema.
    const answered = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (answered && answered !== JSON_TYPE && response.content?.[answered]) return null;
    const json = response.content?.[JSON_TYPE];
    if (!json) {
      if (status === 204 && body !== undefined && body !== null && body !== '')
        return `${operationId} 204 with a body`;
      return null;
    }
    const validate = compile(`${pointer}/content/application~1json/schema`);
    if (!validate(body))
      return (
        `${operationId} ${status} body does not match the contract: ` +
        `${JSON.stringify(toValidationIssues(validate.errors ?? [], 'response'))}\n` +
        `body: ${JSON.stringify(body).slice(0, 2000)}`
      );
    if (response.headers?.['X-Total-Count'] && headers['x-total-count'] === undefined)
      return `${operationId} ${status} is missing the X-Total-Count header`;
    return null;
  }

  return {
    operations,
    operation: (operationId) => byId.get(operationId),
    matchOperation,
    validateRequest,
    validateResponse,
  };
}
