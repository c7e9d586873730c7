/** A required select's options: an empty "Choose…" first, so nothing is picked unasked, then each choice. */
export function ChoiceOptions({ choices }: { choices: Readonly<Record<string, string>> }) {
  return (
    <>
      <option value="">Choose…</option>
      {Object.entries(choices).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}
