/** The `<option>`s of a native select, from [value, label] pairs. */
export function Options({ options }: { options: readonly (readonly [string, string])[] }) {
  return options.map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}
