// Being written: the messages admin screen.
export default function Placeholder() {
  return null;
}
