import { Minus, Plus } from "lucide-react";
import type { KeyboardEvent, Ref } from "react";
import { readQuantity } from "./cart-rules.ts";

interface QuantityStepperProps {
  /** The box's id: a visible `<label htmlFor>` names it; without one it is named "Quantity of …". */
  id: string;
  labelled?: boolean;
  itemName: string;
  /** What the box shows, as typed. */
  text: string;
  onText: (text: string) => void;
  /** The typed text is done with: the box lost focus, or Enter without `onEnter`. */
  onCommit: () => void;
  /** Enter in the box: commits unless this says otherwise (the book page adds to the cart). */
  onEnter?: () => void;
  /** −, +, and the arrow keys. */
  onStep: (delta: 1 | -1) => void;
  /** The most the cart takes of the item: announced with the box. */
  max: number;
  /** − at 1: the book page's box stays at 1 (the cart's − removes the line, as the spec has it). */
  decreaseDisabled?: boolean;
  /** Why the typed text was refused: shown by QuantityError, which the caller places. */
  error: string | null;
  testId?: string;
  /** To focus the box (by reference: an island's ids are the server's, not the browser's useId). */
  inputRef?: Ref<HTMLInputElement>;
}

const quantityErrorId = (id: string) => `${id}-error`;

const STEP_BUTTON =
  "flex size-9 flex-none items-center justify-center rounded-full ring-1 ring-brand-100 hover:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * A quantity that can be typed (a church's 40 copies) as well as stepped with − and +. A text box
 * with the spin button's role, not `type="number"`: what was typed stays as typed until it is
 * checked (a number box empties itself on "1." or "e"), and the arrow keys step as they would.
 */
export function QuantityStepper({
  id,
  labelled = false,
  itemName,
  text,
  onText,
  onCommit,
  onEnter,
  onStep,
  max,
  decreaseDisabled = false,
  error,
  testId = "quantity-input",
  inputRef,
}: QuantityStepperProps) {
  const errorId = quantityErrorId(id);
  const value = readQuantity(text);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      if (event.key === "ArrowDown" && decreaseDisabled) return;
      onStep(event.key === "ArrowUp" ? 1 : -1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      (onEnter ?? onCommit)();
    }
  };
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        aria-label={`Decrease quantity of ${itemName}`}
        disabled={decreaseDisabled}
        onClick={() => onStep(-1)}
        className={STEP_BUTTON}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <input
        ref={inputRef}
        id={id}
        type="text"
        inputMode="numeric"
        role="spinbutton"
        autoComplete="off"
        aria-label={labelled ? undefined : `Quantity of ${itemName}`}
        aria-valuemin={1}
        aria-valuemax={max}
        aria-valuenow={value ?? undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={text}
        onChange={(event) => onText(event.currentTarget.value)}
        onBlur={onCommit}
        onKeyDown={onKeyDown}
        maxLength={9}
        className="h-9 w-14 rounded-lg border border-brand-600/40 bg-white px-1 text-center font-semibold text-ink aria-invalid:border-red-700"
        data-testid={testId}
      />
      <button
        type="button"
        aria-label={`Increase quantity of ${itemName}`}
        onClick={() => onStep(1)}
        className={STEP_BUTTON}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/**
 * Why a typed quantity was refused, under the box's row: there, its coming and going moves no
 * control of that row (a button pressed as the box is left would move from under the pointer).
 */
export function QuantityError({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={quantityErrorId(id)} role="alert" className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}
