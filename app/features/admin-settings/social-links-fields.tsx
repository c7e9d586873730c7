import {
  MAX_OTHER_SOCIAL_LINKS,
  SOCIAL_LINK_LIMITS,
  SOCIAL_NETWORKS,
  type SocialLink,
} from "#common/settings/social-links.ts";
import { FormField } from "#app/components/ui/form-field.tsx";

/** The field names the settings schema reads (`socialLinks.facebook`, `socialLinks.others.0.url`). */
export const socialFieldName = (network: string) => `socialLinks.${network}`;
export const otherSocialFieldName = (index: number, field: "name" | "url") => `socialLinks.others.${index}.${field}`;

/**
 * The footer's profile links: one field per network (empty: no button) and a few other links with
 * a name each. The other links saved so far are shown, plus one empty pair while there is room:
 * no script is needed to add one, and after saving a new empty pair appears.
 */
export function SocialLinksFields({ links, errors }: { links: SocialLink[]; errors: Record<string, string> }) {
  const urlOf = (network: string) => links.find((link) => link.network === network)?.url ?? "";
  const others = links.filter((link) => link.network === "other");
  const otherRows = [...others, null].slice(0, MAX_OTHER_SOCIAL_LINKS);
  return (
    <>
      <p className="text-sm text-gray-700">
        Each link you enter shows as a button in the footer of every page; leave a field empty for no button. Use the
        full address of your page, starting with https://.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        {SOCIAL_NETWORKS.map((network) => (
          <FormField
            key={network.id}
            label={network.name}
            name={socialFieldName(network.id)}
            type="url"
            inputMode="url"
            defaultValue={urlOf(network.id)}
            maxLength={SOCIAL_LINK_LIMITS.url}
            placeholder={`https://www.${network.hosts[0]}/…`}
            autoComplete="off"
            spellCheck={false}
            error={errors[socialFieldName(network.id)]}
          />
        ))}
      </div>
      <fieldset className="grid gap-3">
        <legend className="font-medium">Other links</legend>
        <p className="text-sm text-gray-700">
          Another profile or site (Threads, a podcast, your blog): the name is what its button is announced by.
        </p>
        {errors["socialLinks.others"] ? (
          <p className="text-sm font-medium text-red-700">{errors["socialLinks.others"]}</p>
        ) : null}
        {otherRows.map((other, index) => (
          <div key={index} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            <FormField
              label={`Link ${index + 1} name`}
              name={otherSocialFieldName(index, "name")}
              defaultValue={other?.network === "other" ? other.name : ""}
              maxLength={SOCIAL_LINK_LIMITS.name}
              autoComplete="off"
              error={errors[otherSocialFieldName(index, "name")]}
            />
            <FormField
              label={`Link ${index + 1} address`}
              name={otherSocialFieldName(index, "url")}
              type="url"
              inputMode="url"
              defaultValue={other?.url ?? ""}
              maxLength={SOCIAL_LINK_LIMITS.url}
              placeholder="https://…"
              autoComplete="off"
              spellCheck={false}
              error={errors[otherSocialFieldName(index, "url")]}
            />
          </div>
        ))}
      </fieldset>
    </>
  );
}
