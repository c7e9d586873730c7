// Being written: the books admin screen.
export default function Placeholder() {
  return null;
}
