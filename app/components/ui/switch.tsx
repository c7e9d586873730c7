import { Switch as RadixSwitch } from "radix-ui";
import { useId } from "react";

/** An on/off toggle with its label; submits `name=on` inside a form when checked. */
export function Switch({
  label,
  name,
  checked,
  defaultChecked,
  onCheckedChange,
  description,
}: {
  label: string;
  name?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  description?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {description ? <p className="text-sm text-gray-700">{description}</p> : null}
      </div>
      <RadixSwitch.Root
        id={id}
        name={name}
        checked={checked}
        defaultChecked={defaultChecked}
        onCheckedChange={onCheckedChange}
        className="relative h-7 w-12 flex-none rounded-full bg-gray-500 transition-colors data-[state=checked]:bg-green-700"
      >
        <RadixSwitch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </RadixSwitch.Root>
    </div>
  );
}
