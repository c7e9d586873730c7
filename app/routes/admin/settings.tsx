// Being written: the settings admin screen.
export default function Placeholder() {
  return null;
}
