import SqliteDatabase from 'better-sqlite3';
import { reusingStatements } from './sqliteStatements';

function openWithPrepareCounts() {
  const sqlite = new SqliteDatabase(':memory:');
  sqlite.exec('create table t (id integer primary key, name text)');
  sqlite.exec("insert into t (name) values ('a'), ('b')");
  const prepared: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  }) as typeof sqlite.prepare;
  return { sqlite, prepared };
}

describe('reusingStatements', () => {
  it('prepares each SQL text once and runs it again with new parameters', () => {
    const { sqlite, prepared } = openWithPrepareCounts();
    const db = reusingStatements(sqlite);
    const byId = 'select name from t where id = ?';
    expect(db.prepare(byId).all([1])).toEqual([{ name: 'a' }]);
    expect(db.prepare(byId).all([2])).toEqual([{ name: 'b' }]);
    db.prepare('insert into t (name) values (?)').run(['c']);
    expect(db.prepare(byId).all([3])).toEqual([{ name: 'c' }]);
    expect(prepared).toEqual([byId, 'insert into t (name) values (?)']);
    db.close();
  });

  it('keeps at most `capacity` statements, dropping the least recently used', () => {
    const { sqlite, prepared } = openWithPrepareCounts();
    const db = reusingStatements(sqlite, 2);
    const [a, b, c] = ['select 1', 'select 2', 'select 3'];
    for (const sql of [a, b, a, c, a, b]) db.prepare(sql);
    // c pushed out b (a had been used since), then b pushed out c.
    expect(prepared).toEqual([a, b, c, b]);
    db.close();
  });

  it('answers with the current columns after the schema changes (a migration)', () => {
    const { sqlite } = openWithPrepareCounts();
    const db = reusingStatements(sqlite);
    const all = 'select * from t order by id';
    expect(db.prepare(all).all([])[0]).toEqual({ id: 1, name: 'a' });
    db.prepare("alter table t add column size text not null default 'big'").run([]);
    expect(db.prepare(all).all([])[0]).toEqual({ id: 1, name: 'a', size: 'big' });
    db.close();
  });
});
