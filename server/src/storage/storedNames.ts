import { randomInt } from 'node:crypto';

/** Stored names (SERVER.md §12.2): what an uploaded file is called in the storage and under /media/files/. */

export const MAX_STORED_NAME_LENGTH = 100;
export const FALLBACK_NAME = 'file';
const SUFFIX_LENGTH = 7;
const SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A longer "extension" is not one (`notes.this-is-a-sentence-not-an-extension`): it is cut like the rest. */
const MAX_EXTENSION_LENGTH = 16;

const STORED_NAME = new RegExp(`^[A-Za-z0-9_-][A-Za-z0-9._-]{0,${MAX_STORED_NAME_LENGTH - 1}}$`);

/**
 * True for names `storedNameFor` can produce, and only those: no separators, no NUL, no leading dot (so no
 * `.` or `..`), nothing that could point outside the storage folder.
 */
export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

function splitExtension(name: string): { root: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || name.length - dot > MAX_EXTENSION_LENGTH) return { root: name, extension: '' };
  return { root: name.slice(0, dot), extension: name.slice(dot) };
}

/** `root` cut so that it, `insert` and the extension fit in 100 characters. */
function fit(root: string, extension: string, insert = ''): string {
  return root.slice(0, MAX_STORED_NAME_LENGTH - extension.length - insert.length) + insert + extension;
}

/**
 * The name an upload is stored under: the base name of the client's file name, characters other than letters,
 * digits, `.`, `-` and `_` replaced by `_`, leading dots removed, at most 100 characters keeping the extension,
 * and `file` when nothing is left.
 */
export function storedNameFor(clientFileName: string): string {
  const baseName = clientFileName.slice(
    Math.max(clientFileName.lastIndexOf('/'), clientFileName.lastIndexOf('\\')) + 1,
  );
  const name = baseName.replace(/[^A-Za-z0-9._-]/gu, '_').replace(/^\.+/, '');
  if (name === '') return FALLBACK_NAME;
  const { root, extension } = splitExtension(name);
  return fit(root, extension);
}

/** `sample.txt` → `sample_nXegmIX.txt`: the alternative tried when a stored name is taken. */
export function withRandomSuffix(storedName: string): string {
  const { root, extension } = splitExtension(storedName);
  let suffix = '_';
  for (let i = 0; i < SUFFIX_LENGTH; i += 1) suffix += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  return fit(root, extension, suffix);
}

/** Where a stored file is served (SERVER.md §12.3). */
export const MEDIA_FILES_PATH = '/media/files/';

export function mediaPathOf(storedName: string): string {
  return `${MEDIA_FILES_PATH}${storedName}`;
}
