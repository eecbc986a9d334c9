/**
 * The root tsconfig resolves modules the classic Node way (`moduleResolution` node10), which ignores package
 * `exports` maps; vscode-languageserver 10 publishes its Node entry points only there. These declarations
 * point the type checker at the same files Node loads at run time (`require` does honour `exports`).
 * They become unnecessary if the tsconfig moves to `"module": "node16"`.
 */
declare module 'vscode-languageserver/node' {
  export * from 'vscode-languageserver/lib/node/main';
}
declare module 'vscode-languageserver-protocol/node' {
  export * from 'vscode-languageserver-protocol/lib/node/main';
}
declare module 'vscode-jsonrpc/node' {
  export * from 'vscode-jsonrpc/lib/node/main';
}
declare module 'vscode-languageserver-protocol' {
  export * from 'vscode-languageserver-protocol/lib/common/api';
}
declare module 'vscode-jsonrpc' {
  export * from 'vscode-jsonrpc/lib/common/api';
}
