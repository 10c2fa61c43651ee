// Names for the tests of the one rule on hidden characters (src/domain/hidden-characters.ts), wherever
// names are taken.

/** Characters that render as nothing (or break a line), each named as Unicode names it. */
export const invisibleCharacters: Record<string, string> = {
  "HANGUL CHOSEONG FILLER": "\u115F",
  "HANGUL JUNGSEONG FILLER": "\u1160",
  "HANGUL FILLER": "\u3164",
  "HALFWIDTH HANGUL FILLER": "\uFFA0",
  "BRAILLE PATTERN BLANK": "\u2800",
  "COMBINING GRAPHEME JOINER": "\u034F",
  "VARIATION SELECTOR-16": "\uFE0F",
  "VARIATION SELECTOR-256": "\u{E01EF}",
  "MONGOLIAN FREE VARIATION SELECTOR ONE": "\u180B",
  "MONGOLIAN VOWEL SEPARATOR": "\u180E",
  "KHMER VOWEL INHERENT AQ": "\u17B4",
  "ZERO WIDTH SPACE": "\u200B",
  "ZERO WIDTH NON-JOINER": "\u200C",
  "ZERO WIDTH JOINER": "\u200D",
  "WORD JOINER": "\u2060",
  "INVISIBLE TIMES": "\u2062",
  "SOFT HYPHEN": "\u00AD",
  "ZERO WIDTH NO-BREAK SPACE": "\uFEFF",
  "ARABIC LETTER MARK": "\u061C",
  "RIGHT-TO-LEFT OVERRIDE": "\u202E",
  "TAG LATIN SMALL LETTER A": "\u{E0061}",
  "MUSICAL SYMBOL BEGIN BEAM": "\u{1D173}",
  "MUSICAL SYMBOL NULL NOTEHEAD": "\u{1D159}",
  "KHITAN SMALL SCRIPT FILLER": "\u{16FE4}",
  "SHORTHAND FORMAT LETTER OVERLAP": "\u{1BCA0}",
  "unassigned default-ignorable U+2065": "\u2065",
  "LINE SEPARATOR": "\u2028",
  "LINE FEED": "\n",
  BELL: "\u0007",
};

/** Names as Nigerians write them: Hausa hooked letters, Yoruba and Igbo dots below and tone marks. */
export const legitimateNames = [
  "Ɓala",
  "Ɗanjuma",
  "Ƙaura",
  "Ƴar'Adua",
  "Adéwálé",
  "Ọlọ́lá",
  // The same name typed with combining marks (a dot below, then an acute accent), as many keyboards do.
  "O\u0323lo\u0323\u0301la\u0301",
  "Ụchẹ",
  "Ńdụ́kà",
  "Chukwuemeka Nwosu-Okafor",
  "O'Neill",
  "Ọ̀bí-Nwosu",
];
