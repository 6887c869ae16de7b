import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { SRC } from './import-graph.js';

export interface FunctionLength {
  /** `src/`-relative file and the function's name (`createRtsSearch`, `SlackGateway.cached`, `<arrow>`). */
  file: string;
  name: string;
  line: number;
  lines: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** A function's name: its own, its variable's, its property's or method's, with the class before it. */
function nameOf(node: ts.Node): string {
  const own = (n: ts.Node): string | undefined => {
    if ((ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isFunctionExpression(n)) && n.name)
      return n.name.getText();
    if (ts.isConstructorDeclaration(n)) return 'constructor';
    if ((ts.isGetAccessor(n) || ts.isSetAccessor(n)) && n.name) return n.name.getText();
    const parent = n.parent;
    if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name)
      return parent.name.getText();
    return undefined;
  };
  const name = own(node) ?? '<anonymous>';
  const cls = ts.findAncestor(node.parent, ts.isClassDeclaration);
  return cls?.name ? `${cls.name.getText()}.${name}` : name;
}

/** Every function in src/ (declarations, methods, arrows, expressions) with its length in lines. */
export function functionLengths(): FunctionLength[] {
  const found: FunctionLength[] = [];
  for (const path of sourceFiles(SRC)) {
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        found.push({
          file: relative(SRC, path),
          name: nameOf(node),
          line: start + 1,
          lines: end - start + 1,
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => b.lines - a.lines);
}
