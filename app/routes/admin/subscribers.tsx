// Being written: the subscribers admin screen.
export default function Placeholder() {
  return null;
}
