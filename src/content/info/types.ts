// The shapes of the info-page catalogues, apart from index.ts so the catalogues can name them without a cycle.
/** The routes of the info pages, spelled as the product spells them (misspellings included). */
export const INFO_SLUGS = [
  'about',
  'beginner-s-guide',
  'contact-us',
  'cooperrative-alliance',
  'declaration-clause',
  'deposit-help',
  'withdrawls-help',
  'walllet-help',
  'vip-help',
  'task-help',
  'responsible-gaming',
] as const;
export type InfoSlug = (typeof INFO_SLUGS)[number];

export interface InfoSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  /** Render the list as numbered steps. */
  ordered?: boolean;
  /** A closing paragraph shown after the list. */
  after?: string;
}

/** A link to another page of the site; href is the bare (zh-TW) path and is localized when rendered. */
export interface InfoLink {
  label: string;
  href: string;
}

export interface InfoPage {
  title: string;
  /** One sentence for the meta description. */
  description: string;
  intro: string;
  sections: InfoSection[];
  related?: InfoLink[];
}

/** The few labels of the info page frame itself (side menu, related links). */
export interface InfoUi {
  /** Name of the side menu listing every info page. */
  menu: string;
  /** Heading above the related links at the end of a page. */
  related: string;
}

/** A catalogue may miss pages or parts of a page; getInfo fills them from English. */
export type InfoCatalogue = Partial<Record<InfoSlug, Partial<InfoPage>>>;
