import path from 'node:path';
import ts from 'typescript';

// Every Blobs store the code opens, found by the TypeScript checker: each call that passes a
// store name (to `collectionStore`, the one door to Blobs, or to any function whose parameter
// is a `StoreName`) is read for the name's type. A literal (or a union of literals) names the
// stores; a `StoreName` passed on is checked where it was chosen; anything else (a plain
// string) cannot be checked and is reported. A call of @netlify/blobs' getStore outside the
// one door is reported too.

export interface Place {
  file: string;
  line: number;
  text: string;
}

export interface StoresOpened {
  /** Store name -> where the code names it. */
  opened: Map<string, Place[]>;
  /** Calls whose store name is not a literal nor a StoreName. */
  unchecked: Place[];
  /** getStore calls past the one door. */
  pastTheDoor: Place[];
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOOR = path.join(ROOT, 'src/server/storage/blobs.ts');

/**
 * The program of the site's own code (src and the functions), plus `extra` files that exist
 * only in memory (path relative to the repository -> text), as a new feature's would.
 */
export function siteProgram(extra: Record<string, string> = {}): ts.Program {
  const configFile = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
  const ours = parsed.fileNames.filter((file) => {
    const relative = path.relative(ROOT, file);
    return /^(src|netlify\/functions)\//.test(relative) && /\.(ts|tsx|mts)$/.test(relative);
  });
  const virtual = new Map(Object.entries(extra).map(([file, text]) => [path.join(ROOT, file), text]));
  const options = { ...parsed.options, noEmit: true };
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (file) => virtual.has(file) || fileExists(file);
  host.readFile = (file) => virtual.get(file) ?? readFile(file);
  host.getSourceFile = (file, language, ...rest) =>
    virtual.has(file)
      ? ts.createSourceFile(file, virtual.get(file)!, language, true)
      : getSourceFile(file, language, ...rest);
  return ts.createProgram({ rootNames: [...ours, ...virtual.keys()], options, host });
}

function placeOf(node: ts.Node): Place {
  const source = node.getSourceFile();
  const { line } = source.getLineAndCharacterOfPosition(node.getStart());
  return { file: path.relative(ROOT, source.fileName), line: line + 1, text: node.getText().slice(0, 120) };
}

const INVENTORY = path.join(ROOT, 'src/lib/privacy/inventory.ts');

/** The checker's StoreName: the union of every inventory name (unions are interned, so identity tells it). */
function storeNameTypeOf(program: ts.Program, checker: ts.TypeChecker): ts.Type {
  const source = program.getSourceFile(INVENTORY);
  const module = source && checker.getSymbolAtLocation(source);
  const symbol = module && checker.getExportsOfModule(module).find((item) => item.getName() === 'StoreName');
  if (!symbol) throw new Error(`StoreName is not exported by ${INVENTORY}`);
  return checker.getDeclaredTypeOfSymbol(symbol);
}

function literalNames(type: ts.Type): string[] | null {
  if (type.isStringLiteral()) return [type.value];
  if (type.isUnion() && type.types.every((member) => member.isStringLiteral()))
    return type.types.map((member) => (member as ts.StringLiteralType).value);
  return null;
}

export function storesOpened(program: ts.Program, files?: (file: string) => boolean): StoresOpened {
  const checker = program.getTypeChecker();
  const storeName = storeNameTypeOf(program, checker);
  const isStoreNameType = (type: ts.Type) => type === storeName || type.aliasSymbol?.getName() === 'StoreName';
  const result: StoresOpened = { opened: new Map(), unchecked: [], pastTheDoor: [] };

  const visitCall = (call: ts.CallExpression) => {
    const callee = checker.getSymbolAtLocation(
      ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression,
    );
    const target = callee && callee.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(callee) : callee;
    const declaration = target?.declarations?.[0];
    if (target?.getName() === 'getStore' && declaration?.getSourceFile().fileName.includes('@netlify/blobs')) {
      if (path.resolve(call.getSourceFile().fileName) !== DOOR) result.pastTheDoor.push(placeOf(call));
      return;
    }
    const signature = checker.getResolvedSignature(call);
    if (!signature) return;
    signature.getParameters().forEach((parameter, index) => {
      const argument = call.arguments[index];
      if (!argument || !parameter.valueDeclaration) return;
      // A cast makes any string look like a StoreName: that name is not checked.
      let bare: ts.Expression = argument;
      while (ts.isParenthesizedExpression(bare)) bare = bare.expression;
      if (ts.isAsExpression(bare) || ts.isTypeAssertionExpression(bare)) {
        if (isStoreNameType(checker.getTypeOfSymbolAtLocation(parameter, parameter.valueDeclaration)))
          result.unchecked.push(placeOf(argument));
        return;
      }
      if (!isStoreNameType(checker.getTypeOfSymbolAtLocation(parameter, parameter.valueDeclaration))) return;
      const type = checker.getTypeAtLocation(argument);
      if (isStoreNameType(type)) return;
      const names = literalNames(type);
      if (!names) {
        result.unchecked.push(placeOf(argument));
        return;
      }
      for (const name of names) result.opened.set(name, [...(result.opened.get(name) ?? []), placeOf(argument)]);
    });
  };

  // Store names also travel in objects (a lead collection's definition): a property typed
  // StoreName given a literal names a store just as an argument does.
  const visitProperty = (property: ts.PropertyAssignment) => {
    const contextual = checker.getContextualType(property.initializer);
    if (!contextual || !isStoreNameType(contextual)) return;
    const names = literalNames(checker.getTypeAtLocation(property.initializer));
    if (!names) return;
    for (const name of names) result.opened.set(name, [...(result.opened.get(name) ?? []), placeOf(property)]);
  };

  for (const source of program.getSourceFiles()) {
    if (source.isDeclarationFile || source.fileName.includes('node_modules')) continue;
    if (files && !files(source.fileName)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) visitCall(node);
      if (ts.isPropertyAssignment(node)) visitProperty(node);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return result;
}
