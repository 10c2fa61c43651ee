import type { School, SchoolType } from "../../../domain/datasets/schemas";
import { schoolTypes } from "../../../domain/datasets/vocabulary";
import { schoolTypeLabels } from "../../../domain/school-search";

// How the directory words a school's facts. The data is honest about gaps (empty strings and lists), and
// some fields are messy (a website without its scheme, a phone number in the e-mail field), so every
// value passes through here before it becomes text or a link.

export const NOT_AVAILABLE = "Not available";

export function isSchoolType(value: string): value is SchoolType {
  return (schoolTypes as readonly string[]).includes(value);
}

/** "Special, Primary"; empty when no type is recorded. */
export function schoolTypesText(types: readonly SchoolType[]): string {
  return types.map((type) => schoolTypeLabels[type]).join(", ");
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

const disabilityGroupLabels: Record<School["disability_groups"][number], string> = {
  hearing: "Hearing",
  visual: "Visual",
  physical: "Physical",
  intellectual: "Intellectual",
  autism: "Autism",
  multiple: "Multiple disabilities",
};

/** "Hearing, Visual"; empty when none is recorded. */
export function disabilityGroupsText(groups: School["disability_groups"]): string {
  return groups.map((group) => disabilityGroupLabels[group]).join(", ");
}

const boardingLabels: Record<School["boarding"], string> = {
  "": "",
  day: "Day school",
  boarding: "Boarding school",
  "day and boarding": "Day and boarding",
};

export function boardingText(boarding: School["boarding"]): string {
  return boardingLabels[boarding];
}

const ownershipLabels: Record<School["ownership"], string> = {
  "": "",
  public: "Public",
  private: "Private",
  mission: "Mission",
};

export function ownershipText(ownership: School["ownership"]): string {
  return ownershipLabels[ownership];
}

/** "Umuahia, Abia": the town and the state, whichever are recorded. */
export function schoolLocationText(location: string, stateName: string): string {
  return [location.trim(), stateName.trim()].filter(Boolean).join(", ");
}
