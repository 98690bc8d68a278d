/**
 * Test helpers for the public forms (contact, advertising, newsletter): same-origin form
 * posts to the portal app, and readers for what a rendered form shows (the messages next to a
 * field, the value a field kept, the outcome alert).
 */
import request from 'supertest';
import type { PortalApp } from '../../src/server/app.ts';
import { decodeHtml, PUBLIC_URL } from './portal.ts';

/** A posted form: single values, or lists for checkbox groups. */
export type PostedForm = Record<string, string | string[]>;

/** URL-encodes a form (lists as repeated names, as a browser posts a checkbox group). */
function encodeForm(form: PostedForm): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return body.toString();
}

/** A same-origin form post without JavaScript (what a browser sends from the portal's own page). */
export function postForm(app: PortalApp, path: string, form: PostedForm) {
  return request(app.app).post(path).set('Origin', PUBLIC_URL).type('form').send(encodeForm(form));
}

/** The same post as the browser's client action sends it with JavaScript (the data endpoint). */
export function postData(app: PortalApp, path: string, form: PostedForm) {
  return request(app.app)
    .post(`/__data${path}`)
    .set('Origin', PUBLIC_URL)
    .set('Accept', 'application/json')
    .type('form')
    .send(encodeForm(form));
}

/** The messages shown next to field `name` (its `…-<name>-messages` list), decoded. */
export function fieldMessages(html: string, name: string): string[] {
  const list = new RegExp(`id="[^"]*-${name}-messages"[^>]*>([\\s\\S]*?)</ul>`).exec(html)?.[1];
  if (!list) return [];
  return [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((match) => decodeHtml(match[1]!));
}

/** Every field that shows a message. */
export function fieldsWithMessages(html: string): string[] {
  return [...html.matchAll(/id="[^"]*?-([A-Za-z]+)-messages"/g)].map((match) => match[1]!);
}

/** The `<input name=…>` tag of a single-valued field (null when absent). */
function inputTag(html: string, name: string, value?: string): string | null {
  const tags = html.match(/<input\b[^>]*>/g) ?? [];
  return (
    tags.find(
      (tag) => tag.includes(`name="${name}"`) && (value === undefined || tag.includes(`value="${value}"`)),
    ) ?? null
  );
}

/** The value a text input shows, decoded (null when the input is missing). */
export function inputValue(html: string, name: string): string | null {
  const tag = inputTag(html, name);
  if (!tag) return null;
  return decodeHtml(/\svalue="([^"]*)"/.exec(tag)?.[1] ?? '');
}

/** The text a textarea shows, decoded. */
export function textareaValue(html: string, name: string): string | null {
  const match = new RegExp(`<textarea\\b[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html);
  return match ? decodeHtml(match[1]!) : null;
}

/** Whether a checkbox (or one box of a group, by value) is checked. */
export function isChecked(html: string, name: string, value?: string): boolean {
  const tag = inputTag(html, name, value);
  return tag !== null && /\schecked=""/.test(tag);
}

/** The selected option's value of a select. */
export function selectedOption(html: string, name: string): string | null {
  const select = new RegExp(`<select\\b[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1];
  if (!select) return null;
  return /<option[^>]*value="([^"]*)"[^>]*selected=""/.exec(select)?.[1] ?? null;
}

/** The outcome code of the page's alert (`data-form-status`), or null. */
export function formStatus(html: string): string | null {
  return /data-form-status="([a-z-]+)"/.exec(html)?.[1] ?? null;
}
