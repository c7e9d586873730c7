// Being written: the coming-soon admin screen.
export default function Placeholder() {
  return null;
}
