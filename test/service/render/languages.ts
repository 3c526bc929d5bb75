// Code block languages: what a person types after the fence (any case) and the name real servers
// put in data-code-language, the name of the Pygments lexer they highlight with. A language not
// listed keeps the name as typed and is shown unhighlighted, as real servers do for unknown ones.

const NAMES: Readonly<Record<string, readonly string[]>> = {
  Python: ['python', 'py', 'py3', 'python3', 'sage', 'bazel', 'starlark', 'pyi'],
  'Python 2.x': ['python2', 'py2'],
  JavaScript: ['javascript', 'js', 'mjs', 'cjs', 'es', 'ecmascript'],
  TypeScript: ['typescript', 'ts'],
  PHP: ['php', 'php3', 'php4', 'php5'],
  'CSS+PHP': ['css+php'],
  'HTML+PHP': ['html+php'],
  'JavaScript+PHP': ['javascript+php', 'js+php'],
  'XML+PHP': ['xml+php'],
  TeX: ['tex', 'latex'],
  SQL: ['sql'],
  'PostgreSQL SQL dialect': ['postgresql', 'postgres'],
  MySQL: ['mysql'],
  Bash: ['bash', 'sh', 'ksh', 'zsh', 'shell'],
  'Bash Session': ['console', 'shell-session'],
  JSON: ['json', 'json-object'],
  Rust: ['rust', 'rs'],
  Go: ['go', 'golang'],
  Java: ['java'],
  C: ['c'],
  'C++': ['cpp', 'c++'],
  'C#': ['csharp', 'c#', 'cs'],
  Ruby: ['ruby', 'rb', 'duby'],
  YAML: ['yaml'],
  HTML: ['html'],
  XML: ['xml'],
  CSS: ['css'],
  SCSS: ['scss'],
  Diff: ['diff', 'udiff'],
  Markdown: ['markdown', 'md'],
  'Text only': ['text'],
  Kotlin: ['kotlin'],
  Swift: ['swift'],
  Haskell: ['haskell', 'hs'],
  Perl: ['perl', 'pl'],
  Lua: ['lua'],
  S: ['r', 's', 'splus'],
  Scala: ['scala'],
  Docker: ['docker', 'dockerfile'],
  TOML: ['toml'],
  INI: ['ini', 'cfg', 'dosini'],
  Makefile: ['make', 'makefile', 'mf', 'bsdmake'],
  PowerShell: ['powershell', 'pwsh', 'posh', 'ps1', 'psm1'],
  'Objective-C': ['objective-c', 'objectivec', 'obj-c', 'objc'],
  Elixir: ['elixir', 'ex', 'exs'],
  Erlang: ['erlang'],
  Clojure: ['clojure', 'clj'],
  'Nginx configuration file': ['nginx'],
  VimL: ['vim'],
};

const BY_ALIAS: ReadonlyMap<string, string> = new Map(Object.entries(NAMES).flatMap(([name, aliases]) => aliases.map((alias) => [alias, name] as const)));

/** The lexer name for an alias, or undefined for a language real servers do not know. */
export function languageName(alias: string): string | undefined {
  return BY_ALIAS.get(alias.toLowerCase());
}
