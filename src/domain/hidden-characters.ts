// Characters that are never part of a name or a place name as people see it: line breaks, control and
// format characters (bidi overrides, zero-width spaces and joiners), and every character that renders as
// nothing. A name made of them looks empty or like someone else's name, and a name is shown to reviewers
// and put in e-mails. One rule for every name the product takes: sign-up, the profile, the report form
// and the create-admin command, on the web and on the server.
//
// What renders as nothing: Unicode's Default_Ignorable_Code_Point property (the Hangul fillers U+115F,
// U+1160, U+3164 and U+FFA0, the combining grapheme joiner U+034F, variation selectors, tag characters,
// the Mongolian and Khmer invisibles), plus blank symbols that property leaves out: the Braille pattern
// blank U+2800, the musical null notehead U+1D159 and the Khitan filler U+16FE4.
//
// The zero-width joiner and non-joiner (U+200D, U+200C) are format characters and stay refused too. Some
// scripts need them between letters (Persian, Urdu and the Indic scripts write some words with them),
// but Nigerian names are written in the Latin script, whose letters (ɓ ɗ ƙ ƴ, and vowels with dots
// below and tone marks) never need them; alone they are only a way to make two names that look the same
// differ. If the site ever takes a script that needs them, allow them between that script's letters only.
export const HIDDEN_OR_BREAKING_CHARACTERS =
  // The Khitan filler is a combining mark: outside the brackets, where it cannot join the character before.
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800\u{1D159}]|\u{16FE4}/u;

/** True when the text holds a character that breaks a line, hides or rewrites text, or shows nothing. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_OR_BREAKING_CHARACTERS.test(text);
}
