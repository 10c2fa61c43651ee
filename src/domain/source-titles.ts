// The datasets list their sources as bare addresses. People need to know what a link is before they follow
// it, so each is shown with its publisher and, where the address carries one, the article's title as its
// words ("abia-assembly-passes-disability-bill" → "Abia assembly passes disability bill"). The publisher is
// a known name below, else the site's own name read from its address ("newdailyprime.news" → "Newdailyprime",
// "thenews-chronicle.com" → "Thenews Chronicle"): never a bare domain.

const publishers: Record<string, string> = {
  "s-deli.org": "Special Education and Learning Inclusion (S-DELI)",
  "schoolsforthedeaf.org.ng": "Schools for the Deaf in Nigeria",
  "newtelegraphng.com": "New Telegraph",
  "healthwise.punchng.com": "Punch Healthwise",
  "punchng.com": "Punch",
  "sunnewsonline.com": "The Sun",
  "thenationonlineng.net": "The Nation",
  "tribuneonlineng.com": "Nigerian Tribune",
  "vanguardngr.com": "Vanguard",
  "qualitativemagazine.com": "Qualitative Magazine",
  "remop.wscij.org": "WSCIJ REMOP",
  "collaborativemedia.wscij.org": "WSCIJ Collaborative Media",
  "eaglesreporters.com": "Eagle Reporters",
  "lagosekoproject.org": "Lagos Eko Project",
  "dailypost.ng": "Daily Post",
  "dailytrust.com": "Daily Trust",
  "leadership.ng": "Leadership",
  "newsdiaryonline.com": "News Diary Online",
  "allafrica.com": "AllAfrica",
  "thisdaylive.com": "ThisDay",
  "peoplesdailyng.com": "People's Daily",
  "thetidenewsonline.com": "The Tide",
  "independent.ng": "Independent",
  "blueprint.ng": "Blueprint",
  "pulse.ng": "Pulse Nigeria",
  "guardian.ng": "The Guardian (Nigeria)",
  "icirnigeria.org": "ICIR",
  "premiumtimesng.com": "Premium Times",
  "businessday.ng": "BusinessDay",
  "nan.ng": "News Agency of Nigeria",
  "tvcnews.tv": "TVC News",
  "thewhistler.ng": "The Whistler",
  "osundefender.com": "Osun Defender",
  "pressreader.com": "PressReader",
  "ekitistate.gov.ng": "Ekiti State Government",
  "en.wikipedia.org": "Wikipedia",
  "openknowledge.worldbank.org": "World Bank Open Knowledge Repository",
  "newdailyprime.news": "New Daily Prime",
  "ncpwd.gov.ng": "National Commission for Persons with Disabilities",
  "lasoda.org.ng": "Lagos State Office for Disability Affairs (LASODA)",
  "thecable.ng": "TheCable",
  "saharareporters.com": "Sahara Reporters",
  "nairametrics.com": "Nairametrics",
  "thenigerianvoice.com": "The Nigerian Voice",
  "nta.ng": "Nigerian Television Authority",
  "von.gov.ng": "Voice of Nigeria",
  "internationaldisabilityalliance.org": "International Disability Alliance",
  "gallaudet.edu": "Gallaudet University",
  "fides.org": "Agenzia Fides",
  "nannews.ng": "News Agency of Nigeria",
  "thesun.ng": "The Sun",
  "dailynigerian.com": "Daily Nigerian",
  "fij.ng": "Foundation for Investigative Journalism",
  "bnnbreaking.com": "BNN Breaking",
  "today.ng": "Today",
  "thestar.ng": "The Star",
  "thenews-chronicle.com": "The News Chronicle",
  "nigerianobservernews.com": "Nigerian Observer",
  "dailytimesng.com": "Daily Times",
  "storage.googleapis.com": "People's Gazette (archived copy)",
  "kiwix.haohe.fun": "Wikipedia (archived copy)",
};

// What ends an address without naming its site: top-level domains and the hosts of people's blogs.
const suffixes = new Set(
  "com org net ng gov edu news info online space life blog africa ca cz fun io tv today co uk blogspot home".split(
    " ",
  ),
);

/** The site's own name from its address: "newdailyprime.news" → "Newdailyprime", "ncpwd.gov.ng" → "NCPWD". */
function nameFromHost(host: string): string {
  const labels = host.split(".");
  while (labels.length > 1 && suffixes.has(labels.at(-1)!)) labels.pop();
  const words = labels.at(-1)!.split("-");
  return words
    .map((word) =>
      /[aeiouy]/.test(word) ? word.charAt(0).toUpperCase() + word.slice(1) : word.toUpperCase(),
    )
    .join(" ");
}

export interface SourceTitle {
  /** The article's words from its address, or null when the address has none (e.g. "/?p=21613"). */
  title: string | null;
  publisher: string;
}

/** A source ready to show: its address, title and publisher (worked out at build time, in loaders). */
export interface DescribedSource extends SourceTitle {
  url: string;
  /** When it was read, in the page's language ("30 November 2026"); null when nobody recorded it. */
  read: string | null;
}

/**
 * A source's words as pages show them: "Title (Publisher)"; the publisher alone when there is no title or
 * the title is the publisher's name ("Punch", never "Punch (Punch)"); the title alone with no publisher;
 * null when neither is known.
 */
export function sourceName(
  title: string | null | undefined,
  publisher: string | null | undefined,
): string | null {
  if (title && publisher) return title === publisher ? publisher : `${title} (${publisher})`;
  return title || publisher || null;
}

export function describeSources(urls: readonly string[]): DescribedSource[] {
  return urls.map((url) => ({ url, ...describeSource(url), read: null }));
}

export function describeSource(url: string): SourceTitle {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { title: null, publisher: url };
  }
  const host = parsed.hostname.replace(/^www\./, "");
  return { title: titleFromPath(parsed.pathname), publisher: publishers[host] ?? nameFromHost(host) };
}

function titleFromPath(pathname: string): string | null {
  const segments = pathname.split("/").filter(Boolean);
  for (const segment of segments.reverse()) {
    let text: string;
    try {
      text = decodeURIComponent(segment);
    } catch {
      text = segment;
    }
    const words = text
      .replace(/\.(html?|php|aspx?|pdf)$/i, "")
      .split(/[-_+]+/)
      .filter(Boolean);
    // A leading article number ("566891-ganduje-signs-…") is the site's id, not a word of the title.
    while (words.length > 3 && /^\d{4,}$/.test(words[0]!) && !/^(19|20)\d\d$/.test(words[0]!)) words.shift();
    // A slug of words, not an id, a date part or a one-word section name ("amp", "news", "2025").
    const wordy = words.filter((word) => /[a-z]/i.test(word));
    if (words.length >= 3 && wordy.length >= 3) {
      const sentence = words.join(" ");
      return sentence.charAt(0).toUpperCase() + sentence.slice(1);
    }
  }
  return null;
}
