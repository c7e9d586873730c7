import { useEffect } from "react";
import type { FlashMessage } from "#server/http/flash.ts";
import { useToast, type ToastMessage } from "#app/components/ui/toast.tsx";

const FLASH_TOASTS: Record<FlashMessage, ToastMessage> = {
  "signed-in": { title: "Login Successful!", description: "Welcome back!" },
  "signed-out": { title: "Signed Out", description: "You have been signed out. See you soon!" },
  "sign-out-failed": { title: "Sign out Failed", description: "Something went wrong", variant: "destructive" },
  "account-created": { title: "Account Created!", description: "Please sign in with your new account." },
  "session-expired": {
    title: "Session Expired",
    description: "Your session has ended. Please sign in again.",
    variant: "destructive",
  },
  "password-reset": { title: "Password reset", description: "Your password has been reset successfully. Please log in." },
  "password-changed": { title: "Password changed", description: "Your new password is saved. Other devices were signed out." },
  "admin-created": { title: "Admin account created!", description: "Please sign in with your new admin account." },
};

/** Shows the one-time message the server handed over after a redirect. */
export function FlashToast({ flash }: { flash: FlashMessage | null }) {
  const showToast = useToast();
  useEffect(() => {
    if (flash) showToast(FLASH_TOASTS[flash]);
  }, [flash, showToast]);
  return null;
}
