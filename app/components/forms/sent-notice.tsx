/** Says in the page what the sent toast says, for a browser that runs no script (it shows no toast). */
export function SentNotice({ toast }: { toast: { title: string; description: string } }) {
  return (
    <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900 ring-1 ring-green-700/30">
      <strong>{toast.title}</strong> {toast.description}
    </p>
  );
}
