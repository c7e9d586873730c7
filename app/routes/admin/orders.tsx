// Being written: the orders admin screen.
export default function Placeholder() {
  return null;
}
