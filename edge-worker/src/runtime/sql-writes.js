// Applies the writes a step op of the core answers ({table, where, set} | {table, insert} |
// {table, replace} | {table, where, upsert} | {table, where, delete} | {table, drop}: ops.json
// $defs StepWrite) to an object's SQLite storage. The names are the core's, so each is checked
// against the tables the object keeps (names, or patterns of names for tables the object creates
// as the core names them) and a plain identifier's shape before it is spelled into SQL; values are
// always bound. Answers the rows SQLite wrote per table (index rows included: what Durable Objects
// bill as rows written; a dropped table writes none).
const NAME = /^[a-z_][a-z0-9_]*$/;

/** @param {SqlStorage} sql @param {{table: string, where?: object, set?: object, insert?: object, replace?: object, upsert?: object, delete?: true, drop?: true}[]} writes @param {(string | RegExp)[]} tables */
export function applyWrites(sql, writes, tables) {
  /** @type {Record<string, number>} */
  const written = {};
  const count = (table, cursor) => {
    written[table] = (written[table] ?? 0) + cursor.rowsWritten;
  };
  for (const w of writes) {
    const kept = typeof w.table === "string" && NAME.test(w.table) && tables.some((t) => (typeof t === "string" ? t === w.table : t.test(w.table)));
    if (!kept) throw new Error(`a step wrote table ${w.table}, which this object does not keep`);
    if (w.drop) {
      count(w.table, sql.exec(`DROP TABLE IF EXISTS ${w.table}`));
      continue;
    }
    const named = (object) => {
      const columns = Object.keys(object ?? {});
      for (const c of columns) if (!NAME.test(c)) throw new Error(`a step wrote column ${JSON.stringify(c)}`);
      return columns;
    };
    const where = named(w.where);
    const clause = where.map((c) => `${c} = ?`).join(" AND ");
    const keys = where.map((c) => w.where[c]);
    if (w.insert || w.replace) {
      const row = w.insert ?? w.replace;
      const columns = named(row);
      count(w.table, sql.exec(`INSERT OR ${w.insert ? "IGNORE" : "REPLACE"} INTO ${w.table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`, ...columns.map((c) => row[c])));
    } else if (where.length === 0) {
      throw new Error(`a step wrote table ${w.table} with no row named`);
    } else if (w.upsert) {
      // `where` is the row's key: a new key gets the row, an existing one these columns only.
      const columns = named(w.upsert);
      const all = [...where, ...columns];
      const values = [...keys, ...columns.map((c) => w.upsert[c])];
      count(w.table, sql.exec(`INSERT INTO ${w.table} (${all.join(", ")}) VALUES (${all.map(() => "?").join(", ")}) ON CONFLICT (${where.join(", ")}) DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(", ")}`, ...values));
    } else if (w.delete) {
      count(w.table, sql.exec(`DELETE FROM ${w.table} WHERE ${clause}`, ...keys));
    } else {
      const columns = named(w.set);
      count(w.table, sql.exec(`UPDATE ${w.table} SET ${columns.map((c) => `${c} = ?`).join(", ")} WHERE ${clause}`, ...columns.map((c) => w.set[c]), ...keys));
    }
  }
  return written;
}
