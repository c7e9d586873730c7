import { Save } from "lucide-react";
import { Form, useFormAction, useNavigation } from "react-router";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { Switch } from "#app/components/ui/switch.tsx";

/**
 * The Coming Soon toggle and its "Save Settings" button. The switch starts from the stored flag;
 * the route remounts this form when that flag changes, so it never shows a stale position.
 */
export function ComingSoonForm({ enabled }: { enabled: boolean }) {
  const navigation = useNavigation();
  const formAction = useFormAction();
  const busy = navigation.state !== "idle" && navigation.formData !== undefined && navigation.formAction === formAction;
  return (
    <Form
      method="post"
      preventScrollReset
      aria-busy={busy}
      className="mt-8 grid max-w-2xl gap-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6"
    >
      <Switch
        label="Enable Coming Soon mode"
        description="Visitors see the Coming Soon page (with the launch e-mail sign-up) instead of the shop. Signed-in admins still see the whole site, and the login page stays open."
        name="enableMaintenanceMode"
        defaultChecked={enabled}
      />
      <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-gray-700 ring-1 ring-brand-100">
        {enabled
          ? "Coming Soon mode is on: visitors currently see the Coming Soon page."
          : "Coming Soon mode is off: the shop is open to everyone."}
      </p>
      <SubmitButton busy={busy} label="Save Settings" busyLabel="Saving..." icon={Save} />
    </Form>
  );
}
