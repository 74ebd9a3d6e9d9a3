export interface VariantsManagerProps {
  productId: number;
}

/** Placeholder until the variants manager lands. */
export function VariantsManager(_props: VariantsManagerProps) {
  return null;
}
