import type { School, SchoolType } from "../../../domain/datasets/schemas";
import { schoolTypes } from "../../../domain/datasets/vocabulary";
import type { Translate } from "../../i18n";

// How the directory words a school's facts. The data is honest about gaps (empty strings and lists), and
// some fields are messy (a website without its scheme, a phone number in the e-mail field), so every
// value passes through here before it becomes text or a link. Words come from the "schools" catalogue,
// keyed by the data's values.

export function isSchoolType(value: string): value is SchoolType {
  return (schoolTypes as readonly string[]).includes(value);
}

/** "Special, Primary"; empty when no type is recorded. */
export function schoolTypesText(t: Translate, types: readonly SchoolType[]): string {
  return types.map((type) => t(`schools.type.${type}`)).join(", ");
}

/** A link target for a website as recorded: https:// added when the scheme is missing; null when unusable. */
export function websiteHref(website: string): string | null {
  const trimmed = website.trim();
  if (!trimmed) return null;
  const href = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, "")}`;
  try {
    const url = new URL(href);
    return url.hostname.includes(".") ? href : null;
  } catch {
    return null;
  }
}

/** The address as a visitor would say it: no scheme, no trailing slash. */
export function websiteText(href: string): string {
  return href.replace(/^https?:\/\//i, "").replace(/\/$/, "");
}

/** The site a source link points to ("saharareporters.com"), to name the link. */
export function sourceSiteName(href: string): string {
  try {
    return new URL(href).hostname.replace(/^www\./, "");
  } catch {
    return href;
  }
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(value: string): boolean {
  return emailPattern.test(value.trim());
}

export interface PhoneNumber {
  text: string;
  /** tel: link, or null when the text is not dialable. */
  href: string | null;
}

/** "+234 803 400 5532; 08035613745" → one entry per number, each dialable when it looks like one. */
export function phoneNumbers(phone: string): PhoneNumber[] {
  return phone
    .split(/[;,]|\s\/\s/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((text) => {
      const dialable = text.replace(/[^\d+]/g, "");
      const looksLikeNumber = /^[+\d\s().-]+$/.test(text) && dialable.replace(/\D/g, "").length >= 7;
      return { text, href: looksLikeNumber ? `tel:${dialable}` : null };
    });
}

/** "Hearing, Visual"; empty when none is recorded. */
export function disabilityGroupsText(t: Translate, groups: School["disability_groups"]): string {
  return groups.map((group) => t(`schools.group.${group}`)).join(", ");
}

/** The catalogue key of a boarding value ("day and boarding" → "dayAndBoarding"). */
export function boardingKey(
  boarding: Exclude<School["boarding"], "">,
): Exclude<School["boarding"], "" | "day and boarding"> | "dayAndBoarding" {
  return boarding === "day and boarding" ? "dayAndBoarding" : boarding;
}

/** "Day school", …; empty when none is recorded. */
export function boardingText(t: Translate, boarding: School["boarding"]): string {
  return boarding ? t(`schools.boarding.${boardingKey(boarding)}`) : "";
}

/** "Public", …; empty when none is recorded. */
export function ownershipText(t: Translate, ownership: School["ownership"]): string {
  return ownership ? t(`schools.ownership.${ownership}`) : "";
}

/** "Umuahia, Abia": the town and the state, whichever are recorded. */
export function schoolLocationText(location: string, stateName: string): string {
  return [location.trim(), stateName.trim()].filter(Boolean).join(", ");
}
