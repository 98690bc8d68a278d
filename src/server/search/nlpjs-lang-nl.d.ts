/** Types of the parts of @nlpjs/lang-nl (plain CommonJS, no bundled types) the search uses. */
declare module '@nlpjs/lang-nl' {
  /** Snowball Dutch stemmer. */
  export class StemmerNl {
    stemWord(word: string): string;
  }
  /** Snowball Dutch stop word list (lowercase, without diacritics). */
  export class StopwordsNl {
    isStopword(token: string): boolean;
  }
}
