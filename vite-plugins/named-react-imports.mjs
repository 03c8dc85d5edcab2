// Keeps the admin's libraries from growing every public page's JavaScript.
//
// React ships as CommonJS. While every module of the site imports it by name
// (`import { useState } from 'react'`), Rolldown hands importers React's exports as
// they are. One namespace import anywhere (`import * as React from 'react'`, as
// @tanstack/react-query writes it) makes Rolldown wrap React for every importer
// in every chunk (__toESM), which adds its interop helpers to the runtime chunk
// that public pages load too. This rewrites such a namespace import into named
// imports of exactly the members the file uses, so the admin-only library stays
// admin-only. Measured: about 0.5 KB gzip on every public page without it.

const NAMESPACE_IMPORT = /import \* as React from ["']react["'];?/;
const MEMBER = /\bReact\.([A-Za-z_$][\w$]*)/g;

export function namedReactImports({ packages = ['@tanstack/react-query'] } = {}) {
  return {
    name: 'ccc:named-react-imports',
    enforce: 'pre',
    transform(code, id) {
      if (!packages.some((name) => id.includes(`/node_modules/${name}/`))) return null;
      if (!NAMESPACE_IMPORT.test(code)) return null;
      const members = [...new Set([...code.matchAll(MEMBER)].map((match) => match[1]))];
      // Aliased, so a member never clashes with a local name of the file.
      const imports = members.map((name) => `${name} as __react_${name}`).join(', ');
      const object = members.map((name) => `${name}: __react_${name}`).join(', ');
      return {
        code: code.replace(NAMESPACE_IMPORT, `import { ${imports} } from "react";\nconst React = { ${object} };`),
        map: null,
      };
    },
  };
}
