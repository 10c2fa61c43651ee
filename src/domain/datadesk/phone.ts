// Nigerian telephone numbers as people write them (0803 123 4567, 803-123-4567, +234 803 123 4567,
// 234 803 123 4567, (01) 234 5678) → one form, E.164 (+2348031234567), so a page can make a call link of
// it and two spellings of one number are one number. Anything else (another country's number, letters, too
// few or too many digits) is refused: the directory lists Nigerian numbers only.

/** The national significant number: 10 digits for mobiles (7…, 8…, 9…), 8 or 9 for fixed lines (1…, 9…, 62…). */
const mobile = /^[789][01]\d{8}$/;
const fixedLine = /^[1-9]\d{7,8}$/;

/** `+234…` for a Nigerian number, or null when `written` is not one. */
export function normaliseNigerianPhone(written: string): string | null {
  // Spaces, dashes, dots and brackets are how people group digits; nothing else may be in a number.
  const compact = written.trim().replace(/[\s\-.()\u00a0]/g, "");
  if (!/^\+?\d+$/.test(compact)) return null;
  let national: string;
  if (compact.startsWith("+")) {
    if (!compact.startsWith("+234")) return null;
    national = compact.slice(4);
  } else if (compact.startsWith("00234")) {
    national = compact.slice(5);
  } else if (compact.startsWith("234") && compact.length >= 11) {
    national = compact.slice(3);
  } else if (compact.startsWith("0")) {
    national = compact.slice(1);
  } else {
    // Bare digits without a trunk 0 or country code: only a whole mobile number is unambiguous.
    return mobile.test(compact) ? `+234${compact}` : null;
  }
  // "+234 0803…": the trunk 0 written after the country code.
  if (national.startsWith("0")) national = national.slice(1);
  if (national.length === 10) return mobile.test(national) ? `+234${national}` : null;
  return fixedLine.test(national) ? `+234${national}` : null;
}
