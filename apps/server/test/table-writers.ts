import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import * as schema from '../src/db/schema/index.ts';

/**
 * Finds which code writes which table (issue 22, ADR 004): Drizzle writes (`.insert(t)`, `.update(t)`,
 * `.delete(t)` where `t` is imported from db/schema) and raw SQL in sql`` templates (`insert into t`,
 * `update t`, `delete from t`, the table written by name, as `${t}`, or as `${sql.identifier(x)}` /
 * `${sql.raw(x)}` where `x` is a string or a name bound in the file to strings: a `const` or a parameter
 * typed as a union of string literals), and plain-string SQL handed to `sql.raw`, `.execute`, `.query` or
 * `.exec` (issue 32: the scan was blind to those). It reads the syntax tree, so a comment, a string that
 * runs nowhere or a `Map.delete(key)` is never taken for a write.
 */

/** SQL table name of every table exported by db/schema, by export name. */
export const TABLES_BY_EXPORT: ReadonlyMap<string, string> = new Map(
  Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [[name, getTableName(value)] as const] : [])),
);
const SQL_TABLES = new Set(TABLES_BY_EXPORT.values());

export type Write = { table: string; kind: 'insert' | 'update' | 'delete'; line: number };

const isSchemaModule = (specifier: string) => /(^|\/)db\/schema(\/[\w-]+(\.ts)?)?$/.test(specifier);

/** Every write to a table in one TypeScript source text. */
export function tableWrites(text: string, fileName = 'source.ts'): Write[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  // Local names bound to schema tables (`import { vouchers as v }`), and namespaces (`import * as s`).
  const tables = new Map<string, string>();
  const namespaces = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!isSchemaModule(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const table = TABLES_BY_EXPORT.get((element.propertyName ?? element.name).text);
        if (table) tables.set(element.name.text, table);
      }
    }
  }
  const tableOf = (node: ts.Node): string | undefined => {
    if (ts.isIdentifier(node)) return tables.get(node.text);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text)) {
      return TABLES_BY_EXPORT.get(node.name.text);
    }
    return undefined;
  };
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;

  // Names bound to strings anywhere in the file: `const t = 'vouchers'`, `(table: 'email_outbox' | 'sms_outbox')`.
  const strings = new Map<string, string[]>();
  const literalsOfType = (type: ts.TypeNode): string[] =>
    ts.isUnionTypeNode(type)
      ? type.types.flatMap(literalsOfType)
      : ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal)
        ? [type.literal.text]
        : [];
  const bind = (node: ts.Node) => {
    if ((ts.isVariableDeclaration(node) || ts.isParameter(node)) && ts.isIdentifier(node.name)) {
      const values = [
        ...(node.type ? literalsOfType(node.type) : []),
        ...(node.initializer && ts.isStringLiteralLike(node.initializer) ? [node.initializer.text] : []),
      ];
      if (values.length) strings.set(node.name.text, [...(strings.get(node.name.text) ?? []), ...values]);
    }
    ts.forEachChild(node, bind);
  };
  bind(file);
  const stringsOf = (node: ts.Node): string[] => {
    if (ts.isStringLiteralLike(node)) return [node.text];
    if (ts.isIdentifier(node)) return strings.get(node.text) ?? [];
    return [];
  };
  /** `sql.identifier(x)` or `sql.raw(x)`: the strings it may stand for. */
  const sqlPieceOf = (node: ts.Node): string[] =>
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    ts.isIdentifier(node.expression.expression) &&
    node.expression.expression.text === 'sql' &&
    ['identifier', 'raw'].includes(node.expression.name.text) &&
    node.arguments.length > 0
      ? stringsOf(node.arguments[0]!)
      : [];

  const writes: Write[] = [];
  const sqlWrites = (text: string, node: ts.Node) => {
    for (const match of text.matchAll(/\b(insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi)) {
      const table = match[2]!.toLowerCase();
      const kind = match[1]!.toLowerCase().split(/\s/)[0] as Write['kind'];
      if (SQL_TABLES.has(table)) writes.push({ table, kind, line: lineOf(node) });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.arguments.length > 0) {
      const kind = node.expression.name.text;
      const table = tableOf(node.arguments[0]!);
      if (table && (kind === 'insert' || kind === 'update' || kind === 'delete')) writes.push({ table, kind, line: lineOf(node) });
      // Plain-string SQL that runs: sql.raw('…'), db.execute('…'), client.query('…'), pglite.exec('…').
      const first = node.arguments[0]!;
      if (['raw', 'execute', 'query', 'exec'].includes(kind) && (ts.isStringLiteralLike(first) || ts.isTemplateExpression(first))) {
        sqlWrites(ts.isTemplateExpression(first) ? first.head.text + first.templateSpans.map((s) => ` $ ${s.literal.text}`).join('') : first.text, node);
      }
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      // The template's text with each `${table}` written as the table's name, anything else as a blank. A
      // piece that may stand for several tables (a parameter typed 'a' | 'b') gives one text per table.
      const template = node.template;
      if (ts.isNoSubstitutionTemplateLiteral(template)) sqlWrites(template.text, node);
      else {
        let texts = [template.head.text];
        for (const span of template.templateSpans) {
          const table = tableOf(span.expression);
          const pieces = table ? [table] : sqlPieceOf(span.expression);
          const options = pieces.length ? pieces : ['$'];
          texts = texts.flatMap((text) => options.map((piece) => `${text} ${piece} ${span.literal.text}`));
        }
        for (const text of new Set(texts)) sqlWrites(text, node);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const seen = new Set<string>();
  return writes.filter((w) => !seen.has(`${w.line} ${w.kind} ${w.table}`) && seen.add(`${w.line} ${w.kind} ${w.table}`));
}

export type SourceWrite = Write & { writer: string; file: string };

/**
 * Every write of the server's code that the rule covers: the files of `modules/<m>/` (writer `m`), of
 * `routes/` and `lib/` (writer `routes`, `lib`: they must write nothing). Seed data (db/seed), migrations,
 * the database's own tooling (db/*.ts) and tests are outside the rule.
 */
export function serverWrites(srcRoot: string): SourceWrite[] {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return files(path);
      return name.endsWith('.ts') ? [path] : [];
    });
  return ['modules', 'routes', 'lib'].flatMap((top) =>
    files(join(srcRoot, top)).flatMap((path) => {
      const file = relative(srcRoot, path).split(sep).join('/');
      const writer = top === 'modules' ? file.split('/')[1]! : top;
      return tableWrites(readFileSync(path, 'utf8'), file).map((write) => ({ ...write, writer, file }));
    }),
  );
}

/** The modules that write each table. */
export function writersByTable(writes: SourceWrite[]): Map<string, Set<string>> {
  const byTable = new Map<string, Set<string>>();
  for (const { table, writer } of writes) byTable.set(table, (byTable.get(table) ?? new Set()).add(writer));
  return byTable;
}
