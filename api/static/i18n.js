// The page's languages. Every word the page shows comes from a dictionary, one a language
// (/static/lang-CODE.json), through `t(key, values)`: `{name}` in a text is replaced by
// `values.name`; a text that depends on a count is an object of plural forms (the keys of
// Intl.PluralRules: zero, one, two, few, many, other), chosen by `values.n`. The HTML names its
// texts in attributes (`data-i18n` for the text, `data-i18n-html` for one with markup, `data-i18n-title`, `data-i18n-placeholder`,
// `data-i18n-label` for aria-label), filled by `translatePage`.
//
// The language is the link's `?lang=` if it names one, else the one chosen before on this
// device, else the first of the browser's languages the page speaks, else English. Arabic is
// written right to left; the board is not mirrored (docs/design.md#languages says why).

export const LANGUAGES = {
  en: 'English',
  ar: 'العربية',
  sw: 'Kiswahili',
  so: 'Soomaali',
  am: 'አማርኛ',
};
const RIGHT_TO_LEFT = new Set(['ar']);
const CHOICE_KEY = 'mancala-language';

const state = { code: 'en', words: {}, english: {}, plural: new Intl.PluralRules('en') };

// The language to show, as described above.
export function chooseLanguage() {
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked && LANGUAGES[asked]) return asked;
  try {
    const saved = localStorage.getItem(CHOICE_KEY);
    if (saved && LANGUAGES[saved]) return saved;
  } catch (e) {
    // No storage (a private window): the browser's languages decide.
  }
  for (const tag of navigator.languages || [navigator.language || 'en']) {
    const code = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES[code]) return code;
  }
  return 'en';
}

async function dictionary(code) {
  const res = await fetch(`/static/lang-${code}.json`);
  if (!res.ok) throw new Error(`the words of ${LANGUAGES[code] || code} could not be loaded (${res.status})`);
  return res.json();
}

// Loads `code`'s words (and English's, which fill any gap) and sets the document's language
// and direction.
export async function useLanguage(code) {
  state.english = await dictionary('en');
  state.words = code === 'en' ? state.english : await dictionary(code).catch(() => state.english);
  state.code = code;
  state.plural = new Intl.PluralRules(code);
  document.documentElement.lang = code;
  document.documentElement.dir = RIGHT_TO_LEFT.has(code) ? 'rtl' : 'ltr';
}

// The language shown.
export const language = () => state.code;

// Switches to `code`: kept on this device and in the link, the page loaded again in it (so
// that every text, drawn or not yet, is in the new language; the link keeps what was shown).
export function switchLanguage(code) {
  try {
    localStorage.setItem(CHOICE_KEY, code);
  } catch (e) {
    // The link still carries it.
  }
  const url = new URL(location.href);
  url.searchParams.set('lang', code);
  location.assign(url.href);
}

// Whether the dictionary has `key` (the page falls back to the server's words otherwise).
export const has = (key) => key in state.words || key in state.english;

// The text of `key` in the page's language, with `values` put in.
export function t(key, values = {}) {
  let text = key in state.words ? state.words[key] : state.english[key];
  if (text === undefined) return key; // shows itself: a missing key is seen, and tested
  if (typeof text === 'object') {
    const form = state.plural.select(Number(values.n));
    text = text[form] ?? text.other;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// Fills the texts the HTML names under `root`.
export function translatePage(root = document) {
  const fill = [
    ['data-i18n', (el, text) => { el.textContent = text; }],
    // Our own dictionaries' texts, with markup (<kbd>) where a text needs it.
    ['data-i18n-html', (el, text) => { el.innerHTML = text; }],
    ['data-i18n-title', (el, text) => { el.title = text; }],
    ['data-i18n-placeholder', (el, text) => { el.placeholder = text; }],
    ['data-i18n-label', (el, text) => { el.setAttribute('aria-label', text); }],
  ];
  for (const [attr, set] of fill) {
    root.querySelectorAll(`[${attr}]`).forEach((el) => set(el, t(el.getAttribute(attr))));
  }
}
