// Being written: the customers admin screen.
export default function Placeholder() {
  return null;
}
