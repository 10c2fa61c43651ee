// What `new Intl.NumberFormat(language)` writes with its default options, in each of the site's languages
// (they all write 1,234.5; plain-number-format.test.ts compares the two), for the browser's build to give
// Lingui, which writes a plural's "#" ("3 schools") with such a formatter (scripts/vite-plugin-lingui-numbers.ts):
// a browser's first NumberFormat is a long task of its own. A count is a whole number, written here; any other
// number is left to Intl, made on first need.

let intl: Intl.NumberFormat | undefined;

export const plainNumberFormat = {
  format(value: number): string {
    if (!Number.isSafeInteger(value)) return (intl ??= new Intl.NumberFormat("en")).format(value);
    const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return value < 0 || Object.is(value, -0) ? `-${digits}` : digits;
  },
};
