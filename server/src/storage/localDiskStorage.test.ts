import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LocalDiskStorage } from './localDiskStorage';

let base: string;
let root: string;
let storage: LocalDiskStorage;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'labstore-storage-'));
  root = path.join(base, 'uploads');
  storage = new LocalDiskStorage(root);
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

describe('LocalDiskStorage', () => {
  it('saves a buffer or a stream under the sanitised name', async () => {
    const saved = await storage.save(Buffer.from('hello'), 'C:\\docs\\hello world.txt');
    expect(saved).toEqual({ name: 'hello_world.txt', size: 5 });
    expect(fs.readFileSync(path.join(root, 'hello_world.txt'), 'utf8')).toBe('hello');

    const bytes = randomBytes(200_000);
    const streamed = await storage.save(
      Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
      'data.bin',
    );
    expect(streamed).toEqual({ name: 'data.bin', size: bytes.length });
    expect(await storage.exists('data.bin')).toBe(true);
    expect(fs.readFileSync(path.join(root, 'data.bin')).equals(bytes)).toBe(true);
  });

  it('never overwrites: a taken name gets a random suffix, also for simultaneous saves', async () => {
    const saves = await Promise.all(
      ['one', 'two', 'three', 'four', 'five'].map((content) =>
        storage.save(Buffer.from(content), 'sample.txt'),
      ),
    );
    const names = saves.map((saved) => saved.name);
    expect(new Set(names).size).toBe(5);
    expect(names).toContain('sample.txt');
    for (const name of names.filter((name) => name !== 'sample.txt')) {
      expect(name).toMatch(/^sample_[A-Za-z0-9]{7}\.txt$/);
    }
    const contents = names.map((name) => fs.readFileSync(path.join(root, name), 'utf8'));
    expect(contents.sort()).toEqual(['five', 'four', 'one', 'three', 'two']);
  });

  it('removes a file, and a missing one without error', async () => {
    const { name } = await storage.save(Buffer.from('x'), 'gone.txt');
    expect(await storage.exists(name)).toBe(true);
    await storage.remove(name);
    expect(await storage.exists(name)).toBe(false);
    await expect(storage.remove(name)).resolves.toBeUndefined();
  });

  it('removes the partial file when the content stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.save(failing, 'broken.txt')).rejects.toThrow('client went away');
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('reaches nothing outside its folder, and only regular files inside it', async () => {
    fs.mkdirSync(root, { recursive: true });
    fs.writeFileSync(path.join(base, 'secret.txt'), 'secret');
    fs.mkdirSync(path.join(root, 'folder'));
    fs.symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'link.txt'));

    for (const name of [
      '../secret.txt',
      '..',
      '.',
      '',
      'folder',
      'link.txt',
      '..\\secret.txt',
      'secret.txt\0',
    ]) {
      expect(await storage.exists(name)).toBe(false);
    }
    await storage.remove('../secret.txt');
    expect(fs.existsSync(path.join(base, 'secret.txt'))).toBe(true);

    const saved = await storage.save(Buffer.from('x'), '../secret.txt');
    expect(saved.name).toMatch(/^secret(_[A-Za-z0-9]{7})?\.txt$/);
    expect(fs.readFileSync(path.join(base, 'secret.txt'), 'utf8')).toBe('secret');
  });
});
