// Operator HTML (promotion content, messages, popups, announcements) is sanitized once, on save, with
// sanitize-html: what is stored is what is served, so a page never renders an operator's script, event
// handler, frame or javascript: link. Players never submit HTML; their text is shown as text.
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'font', 'u', 's', 'del', 'ins', 'sub', 'sup', 'hr', 'center'],
  allowedAttributes: {
    '*': ['style', 'class', 'align', 'title'],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['color', 'size'],
    td: ['colspan', 'rowspan', 'width'],
    th: ['colspan', 'rowspan', 'width'],
    table: ['width', 'border', 'cellpadding', 'cellspacing'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  // Relative links and images (our own /api/files/... and site paths) stay.
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d+(\.\d+)?(px|em|rem|%)$/],
      'font-weight': [/^(normal|bold|\d{3})$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^[a-z\s-]+$/],
      width: [/^\d+(\.\d+)?(px|%)$/],
      height: [/^\d+(\.\d+)?(px|%)$/],
      margin: [/^[\d\s.pxem%-]+$/],
      padding: [/^[\d\s.pxem%-]+$/],
    },
  },
  // Links that open elsewhere cannot reach back into our page.
  transformTags: {
    a: (tagName, attribs) => (attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs }),
  },
};

/** Cleans operator HTML for storage; text beyond the limit is refused by the schema before this runs. */
export function sanitizeOperatorHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text from operator HTML, for summaries, notifications and search. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
