//! The files of each crate of the workspace form layers: a file imports only files below it,
//! never, however indirectly, a file that imports it back. Files in a circle can be neither
//! read, tested nor split apart from one another, and the layers say where new code goes.
//!
//! A file imports the files that the paths it names lead to: `crate::a::b::c` leads to the
//! deepest module of the crate it names (`a/b.rs` or `a/b/mod.rs`, else `a.rs`, else the crate's
//! root for an item of the root); `super::` and `self::` go from the module they are written in
//! (the file's, or an inline module's in it); and a child module named bare (`drive::run(..)` in
//! the file that declares `mod drive;`) leads to the child. Declaring a child module imports
//! nothing, and a parent that re-exports an item of its child imports the child, which is no
//! circle as long as the child does not import the parent. What only a test build compiles (an
//! item under `#[cfg(test)]`, such as a `mod tests` inline or in a file of its own) does not
//! count, nor do comments, doc comments (their links included), literals and the paths of
//! visibilities (`pub(in crate::a)`). A crate's modules are found from its roots (`lib.rs`,
//! `main.rs`, `bin/`) by their `mod` declarations; `#[path]` is not read.
//!
//! The files are read by a tokenizer of Rust's lexical grammar and a walk of the tokens that
//! knows blocks, attributes, `mod` and `use`, not by a parser of the language: the workspace's
//! tens of thousands of lines take milliseconds.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

use test_support::Trial;

use crate::katas::workspace;

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("layout":
        the_files_of_every_crate_form_layers,
        a_circle_through_super_is_found,
        a_circle_through_a_child_named_bare_is_found,
        a_circle_through_an_item_of_the_root_is_found,
        a_test_module_imports_nothing,
        a_parent_that_re_exports_its_child_is_no_circle,
        each_module_of_a_group_of_a_use_is_imported,
        super_in_an_inline_module_is_the_file_itself,
        comments_literals_and_visibilities_import_nothing,
    )
}

/// A crate's source files, by their path under its `src/` (`process/mod.rs`), with their text.
type Files = BTreeMap<String, String>;

/// Which files each file imports, each with the line of its first import of it.
type Graph = BTreeMap<String, BTreeMap<String, usize>>;

fn the_files_of_every_crate_form_layers() {
    let root = workspace();
    let members = members(&root);
    let mut failures = Vec::new();
    for (name, folder) in &members {
        let source = folder.join("src");
        if !source.is_dir() {
            continue;
        }
        let circles = circles(&graph(&read_tree(&source)));
        let shown = source.strip_prefix(&root).unwrap_or(&source).display();
        if !circles.is_empty() {
            failures.push(format!(
                "the files of {name} ({shown}) import each other in {} circle(s):\n{}",
                circles.len(),
                described(&circles)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The workspace's members, by package name, with their folders: the root manifest's
/// `members`, a `*` in a path matching any folder name.
fn members(root: &Path) -> Vec<(String, PathBuf)> {
    let manifest = |folder: &Path| {
        let path = folder.join("Cargo.toml");
        fs::read_to_string(&path)
            .unwrap_or_else(|error| panic!("{} cannot be read: {error}", path.display()))
    };
    let workspace = manifest(root);
    let patterns = manifest_strings(&workspace, "workspace", "members");
    assert!(
        !patterns.is_empty(),
        "the root manifest lists the workspace's members"
    );
    let mut folders = BTreeSet::new();
    for pattern in patterns {
        let mut matched = vec![root.to_path_buf()];
        for part in pattern.split('/') {
            matched = matched
                .iter()
                .flat_map(|folder| {
                    let names: Vec<String> = if part.contains('*') {
                        fs::read_dir(folder)
                            .into_iter()
                            .flatten()
                            .flatten()
                            .filter(|entry| entry.path().is_dir())
                            .map(|entry| entry.file_name().to_string_lossy().into_owned())
                            .filter(|name| matches_glob(part, name))
                            .collect()
                    } else {
                        vec![part.to_owned()]
                    };
                    names.into_iter().map(|name| folder.join(name))
                })
                .collect();
        }
        folders.extend(
            matched
                .into_iter()
                .filter(|folder| folder.join("Cargo.toml").is_file()),
        );
    }
    folders
        .into_iter()
        .map(|folder| {
            let names = manifest_strings(&manifest(&folder), "package", "name");
            let name = names
                .into_iter()
                .next()
                .unwrap_or_else(|| panic!("{} names no package", folder.display()));
            (name, folder)
        })
        .collect()
}

/// The strings of the value of `key` in the table `[table]` of the manifest `text`, a string or
/// an array of them: read line by line, as Cargo's manifests write their keys, one a line, and a
/// parser of TOML would cost more than the rest of this test.
fn manifest_strings(text: &str, table: &str, key: &str) -> Vec<String> {
    let header = format!("[{table}]");
    let mut lines = text
        .lines()
        .map(|line| {
            // Not a `#` in a string: a manifest's paths and names have none.
            line.split_once('#')
                .map_or(line, |(before, _)| before)
                .trim()
        })
        .skip_while(|line| *line != header)
        .skip(1)
        .take_while(|line| !line.starts_with('['));
    let Some(value) = lines.find_map(|line| {
        let (name, value) = line.split_once('=')?;
        (name.trim() == key).then(|| value.trim())
    }) else {
        return Vec::new();
    };
    let mut value = value.to_owned();
    if value.starts_with('[') {
        while !value.contains(']') {
            let Some(line) = lines.next() else { break };
            value.push_str(line);
        }
    }
    value
        .split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// Whether `name` matches `pattern`, in which `*` stands for any run of characters.
fn matches_glob(pattern: &str, name: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = name.strip_prefix(first) else {
        return false;
    };
    let mut parts: Vec<&str> = parts.collect();
    let Some(last) = parts.pop() else {
        return rest.is_empty();
    };
    for part in parts {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

/// Every `.rs` file under `source`, by its path under it.
fn read_tree(source: &Path) -> Files {
    let mut files = Files::new();
    let mut folders = vec![source.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                let text = fs::read_to_string(&path)
                    .unwrap_or_else(|error| panic!("{} cannot be read: {error}", path.display()));
                let under = path.strip_prefix(source).unwrap_or(&path);
                let under = under
                    .components()
                    .map(|part| part.as_os_str().to_string_lossy());
                files.insert(under.collect::<Vec<_>>().join("/"), text);
            }
        }
    }
    files
}

/// The circles of `graph`, each the files of one strongly connected component of more than one
/// file, with the imports among them.
fn circles(graph: &Graph) -> Vec<Graph> {
    /// Tarjan's algorithm, by recursion: the graphs are a crate's files.
    struct Search<'g> {
        graph: &'g Graph,
        index: HashMap<&'g str, usize>,
        low: HashMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        found: Vec<Vec<&'g str>>,
    }

    impl<'g> Search<'g> {
        fn visit(&mut self, file: &'g str) {
            let index = self.index.len();
            self.index.insert(file, index);
            self.low.insert(file, index);
            self.stack.push(file);
            self.on_stack.insert(file);
            for next in self.graph.get(file).into_iter().flat_map(BTreeMap::keys) {
                let next = next.as_str();
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[file].min(self.low[next]);
                    self.low.insert(file, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[file].min(self.index[next]);
                    self.low.insert(file, low);
                }
            }
            if self.low[file] == index {
                let mut component = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    component.push(top);
                    if top == file {
                        break;
                    }
                }
                if component.len() > 1 {
                    self.found.push(component);
                }
            }
        }
    }

    let mut search = Search {
        graph,
        index: HashMap::new(),
        low: HashMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for file in graph.keys() {
        if !search.index.contains_key(file.as_str()) {
            search.visit(file);
        }
    }
    let mut circles: Vec<Graph> = search
        .found
        .into_iter()
        .map(|component| {
            let inside: BTreeSet<&str> = component.iter().copied().collect();
            inside
                .iter()
                .map(|&file| {
                    let imports = graph[file]
                        .iter()
                        .filter(|(next, _)| inside.contains(next.as_str()))
                        .map(|(next, &line)| (next.clone(), line))
                        .collect();
                    (file.to_owned(), imports)
                })
                .collect()
        })
        .collect();
    circles.sort();
    circles
}

/// `circles` as a failure shows them: each circle's files, and where each imports the others.
fn described(circles: &[Graph]) -> String {
    let mut text = String::new();
    for circle in circles {
        let files: Vec<&str> = circle.keys().map(String::as_str).collect();
        text.push_str(&format!("- {}\n", files.join(", ")));
        for (file, imports) in circle {
            for (next, line) in imports {
                text.push_str(&format!("    {file}:{line} imports {next}\n"));
            }
        }
    }
    text
}

/// Which files of the crate in `files` each file imports, as the module's docs say: every file
/// that a root of the crate reaches by its `mod` declarations is in it, importing nothing or not.
fn graph(files: &Files) -> Graph {
    let roots = files.keys().filter(|path| {
        let parts: Vec<&str> = path.split('/').collect();
        matches!(
            parts.as_slice(),
            ["lib.rs" | "main.rs"] | ["bin", _] | ["bin", _, "main.rs"]
        )
    });
    let mut graph = Graph::new();
    let mut read: HashMap<&str, Read<'_>> = HashMap::new();
    for root in roots {
        // The crate's modules from this root: where each is, a file or an inline module in one.
        let mut modules: HashMap<Vec<&str>, &str> = HashMap::new();
        let mut pending: Vec<(&str, Vec<&str>)> = vec![(root.as_str(), Vec::new())];
        let mut reached = Vec::new();
        while let Some((file, module)) = pending.pop() {
            if modules.contains_key(&module) {
                continue;
            }
            let text = &files[file];
            let file_read = read.entry(file).or_insert_with(|| Read::of(text));
            for scope in file_read.scopes.keys() {
                modules.insert([module.as_slice(), scope].concat(), file);
            }
            for (scope, name) in &file_read.children {
                let folder = child_folder(file, file == root, scope);
                let candidates = [
                    format!("{folder}{name}.rs"),
                    format!("{folder}{name}/mod.rs"),
                ];
                if let Some((child, _)) = candidates
                    .iter()
                    .find_map(|candidate| files.get_key_value(candidate))
                {
                    let path = [module.as_slice(), scope, &[*name]].concat();
                    pending.push((child.as_str(), path));
                }
            }
            reached.push((file, module));
        }
        for (file, module) in reached {
            let imports = graph.entry(file.to_owned()).or_default();
            for (scope, path, line) in &read[file].paths {
                let Some(target) = resolve(&modules, &read[file], &module, scope, path) else {
                    continue;
                };
                if target != file {
                    let first = imports.entry(target.to_owned()).or_insert(*line);
                    *first = (*first).min(*line);
                }
            }
        }
    }
    graph
}

/// The folder, ending in `/` unless it is `src/` itself, of the files of the modules declared in
/// `file`'s inline module `scope` (empty for the file's own): beside a crate's root or a
/// `mod.rs`, in a folder of its name for any other file.
fn child_folder(file: &str, root: bool, scope: &[&str]) -> String {
    let (folder, name) = file.rsplit_once('/').unwrap_or(("", file));
    let mut parts: Vec<&str> = folder.split('/').filter(|part| !part.is_empty()).collect();
    if !(root || name == "mod.rs") {
        parts.push(name.trim_end_matches(".rs"));
    }
    parts.extend(scope);
    parts.iter().map(|part| format!("{part}/")).collect()
}

/// The file that `path`, written in `file`'s inline module `scope` of the file's `module`, leads
/// to, if it leads into the crate.
fn resolve<'f>(
    modules: &HashMap<Vec<&str>, &'f str>,
    read: &Read<'_>,
    module: &[&str],
    scope: &[&str],
    path: &[&str],
) -> Option<&'f str> {
    let mut at: Vec<&str> = [module, scope].concat();
    let mut rest = path;
    match *path.first()? {
        "crate" => {
            at.clear();
            rest = &path[1..];
        }
        "super" | "self" => {
            while let Some((first, others)) = rest.split_first() {
                match *first {
                    "super" => {
                        at.pop()?;
                    }
                    "self" => {}
                    _ => break,
                }
                rest = others;
            }
        }
        first
            if read
                .scopes
                .get(scope)
                .is_some_and(|names| names.contains(first)) => {}
        _ => return None,
    }
    at.extend(rest.iter().filter(|part| **part != "self"));
    loop {
        if let Some(&found) = modules.get(&at) {
            return Some(found);
        }
        at.pop()?;
    }
}

/// What one file says of its modules and its imports.
#[derive(Debug, Default)]
struct Read<'a> {
    /// The file's module (the empty scope) and its inline modules, each with the names of the
    /// modules declared in it.
    scopes: BTreeMap<Vec<&'a str>, BTreeSet<&'a str>>,
    /// The modules declared in a file of their own: the scope they are declared in, and the name.
    children: Vec<(Vec<&'a str>, &'a str)>,
    /// Each path named, that could lead into the crate: the scope it is named in, its parts, and
    /// its line.
    paths: Vec<(Vec<&'a str>, Vec<&'a str>, usize)>,
}

impl<'a> Read<'a> {
    fn of(text: &'a str) -> Read<'a> {
        let tokens = tokens(text);
        let mut walk = Walk {
            tokens: &tokens,
            at: 0,
            read: Read::default(),
        };
        walk.read.scopes.insert(Vec::new(), BTreeSet::new());
        walk.block(&[]);
        walk.read
    }
}

/// A token of Rust's lexical grammar, as far as imports need one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token<'a> {
    /// An identifier or a keyword; a raw identifier without its `r#`.
    Word(&'a str),
    /// `::`.
    PathSep,
    /// Any other punctuation, a character at a time.
    Punct(char),
    /// A literal: a string, a character, a number.
    Literal,
    /// A lifetime or a label.
    Lifetime,
}

/// The tokens of `text`, each with its line, without comments and white space.
fn tokens(text: &str) -> Vec<(Token<'_>, usize)> {
    let bytes = text.as_bytes();
    // About one token in six bytes of the workspace's code, comments included.
    let mut tokens = Vec::with_capacity(text.len() / 6);
    let word_byte = |byte: u8| byte.is_ascii_alphanumeric() || byte == b'_' || byte >= 0x80;
    let at = |index: usize| bytes.get(index).copied().unwrap_or(0);
    let mut line = 1;
    let mut index = 0;
    // Past the end of a quoted literal whose opening quote is at `index`, counting its lines:
    // `raw` for a raw string, whose hashes (already past) number `hashes`.
    let quoted = |mut index: usize, raw: bool, hashes: usize, line: &mut usize| {
        let close = bytes[index];
        index += 1;
        while index < bytes.len() {
            let byte = bytes[index];
            index += 1;
            match byte {
                b'\n' => *line += 1,
                b'\\' if !raw => {
                    if at(index) == b'\n' {
                        *line += 1;
                    }
                    index += 1;
                }
                _ if byte == close && (0..hashes).all(|hash| at(index + hash) == b'#') => {
                    return index + hashes;
                }
                _ => {}
            }
        }
        index
    };
    while index < bytes.len() {
        let byte = bytes[index];
        let start = index;
        match byte {
            b'\n' => {
                line += 1;
                index += 1;
            }
            _ if byte.is_ascii_whitespace() => index += 1,
            b'/' if at(index + 1) == b'/' => {
                while index < bytes.len() && bytes[index] != b'\n' {
                    index += 1;
                }
            }
            b'/' if at(index + 1) == b'*' => {
                let mut depth = 0;
                while index < bytes.len() {
                    match (bytes[index], at(index + 1)) {
                        (b'/', b'*') => {
                            depth += 1;
                            index += 2;
                        }
                        (b'*', b'/') => {
                            depth -= 1;
                            index += 2;
                            if depth == 0 {
                                break;
                            }
                        }
                        (b'\n', _) => {
                            line += 1;
                            index += 1;
                        }
                        _ => index += 1,
                    }
                }
            }
            b'"' => {
                index = quoted(index, false, 0, &mut line);
                tokens.push((Token::Literal, line));
            }
            b'\'' => {
                let next = text[index + 1..].chars().next().map_or(0, char::len_utf8);
                if at(index + 1) == b'\\' || at(index + 1 + next) == b'\'' {
                    index = quoted(index, false, 0, &mut line);
                    tokens.push((Token::Literal, line));
                } else {
                    index += 1;
                    while word_byte(at(index)) {
                        index += 1;
                    }
                    tokens.push((Token::Lifetime, line));
                }
            }
            b'0'..=b'9' => {
                while word_byte(at(index)) || at(index) == b'.' && at(index + 1).is_ascii_digit() {
                    index += 1;
                }
                tokens.push((Token::Literal, line));
            }
            _ if word_byte(byte) => {
                while word_byte(at(index)) {
                    index += 1;
                }
                let word = &text[start..index];
                let hashes = bytes[index..].iter().take_while(|&&b| b == b'#').count();
                match (word, at(index), at(index + hashes)) {
                    ("r" | "br" | "cr", b'#' | b'"', b'"') => {
                        index = quoted(index + hashes, true, hashes, &mut line);
                        tokens.push((Token::Literal, line));
                    }
                    ("b" | "c", b'"', _) | ("b", b'\'', _) => {
                        index = quoted(index, false, 0, &mut line);
                        tokens.push((Token::Literal, line));
                    }
                    ("r", b'#', _) if word_byte(at(index + 1)) => {
                        index += 1;
                        let raw = index;
                        while word_byte(at(index)) {
                            index += 1;
                        }
                        tokens.push((Token::Word(&text[raw..index]), line));
                    }
                    _ => tokens.push((Token::Word(word), line)),
                }
            }
            b':' if at(index + 1) == b':' => {
                index += 2;
                tokens.push((Token::PathSep, line));
            }
            _ => {
                index += 1;
                tokens.push((Token::Punct(char::from(byte)), line));
            }
        }
    }
    tokens
}

/// A walk of a file's tokens, block by block, that notes its modules and the paths it names.
struct Walk<'t, 'a> {
    tokens: &'t [(Token<'a>, usize)],
    at: usize,
    read: Read<'a>,
}

impl<'a> Walk<'_, 'a> {
    fn peek(&self, ahead: usize) -> Option<Token<'a>> {
        self.tokens.get(self.at + ahead).map(|&(token, _)| token)
    }

    fn line(&self) -> usize {
        self.tokens
            .get(self.at)
            .or(self.tokens.last())
            .map_or(0, |&(_, line)| line)
    }

    /// Walks the tokens of a block in the inline module `scope` (empty for the file's own), up
    /// to and past the `}` that closes it, or to the end of the file.
    fn block(&mut self, scope: &[&'a str]) {
        while let Some(token) = self.peek(0) {
            match token {
                Token::Punct('}') => {
                    self.at += 1;
                    return;
                }
                Token::Punct('{') => {
                    self.at += 1;
                    self.block(scope);
                }
                Token::Punct('#') => {
                    let inner = self.peek(1) == Some(Token::Punct('!'));
                    if self.attribute_is_for_tests() && !inner {
                        self.skip_item();
                    }
                }
                Token::Word("pub") => {
                    self.at += 1;
                    let restricted = matches!(
                        self.peek(1),
                        Some(Token::Word("crate" | "self" | "super" | "in"))
                    );
                    if self.peek(0) == Some(Token::Punct('(')) && restricted {
                        self.skip_group();
                    }
                }
                Token::Word("mod") => {
                    self.at += 1;
                    let Some(Token::Word(name)) = self.peek(0) else {
                        continue;
                    };
                    self.at += 1;
                    self.read
                        .scopes
                        .entry(scope.to_vec())
                        .or_default()
                        .insert(name);
                    if self.peek(0) == Some(Token::Punct('{')) {
                        self.at += 1;
                        let inner = [scope, &[name]].concat();
                        self.read.scopes.entry(inner.clone()).or_default();
                        self.block(&inner);
                    } else {
                        self.read.children.push((scope.to_vec(), name));
                    }
                }
                Token::Word("use") => {
                    self.at += 1;
                    let line = self.line();
                    let mut paths = Vec::new();
                    self.use_tree(Vec::new(), &mut paths);
                    for path in paths {
                        self.read.paths.push((scope.to_vec(), path, line));
                    }
                }
                Token::Word(first)
                    if self.peek(1) == Some(Token::PathSep)
                        && !matches!(
                            self.at.checked_sub(1).map(|before| self.tokens[before].0),
                            Some(Token::Punct('.') | Token::PathSep)
                        ) =>
                {
                    let line = self.line();
                    let mut path = vec![first];
                    self.at += 1;
                    while self.peek(0) == Some(Token::PathSep) {
                        let Some(Token::Word(part)) = self.peek(1) else {
                            break;
                        };
                        path.push(part);
                        self.at += 2;
                    }
                    self.read.paths.push((scope.to_vec(), path, line));
                }
                _ => self.at += 1,
            }
        }
    }

    /// Reads the attribute at `#` and steps past it; whether it makes what follows exist in a
    /// test build only: `#[cfg(test)]`, or `#[cfg(all(test, ...))]`.
    fn attribute_is_for_tests(&mut self) -> bool {
        let begin = self.at;
        self.at += 1;
        if self.peek(0) == Some(Token::Punct('!')) {
            self.at += 1;
        }
        if self.peek(0) != Some(Token::Punct('[')) {
            return false;
        }
        self.skip_group();
        let inside: Vec<Token<'a>> = self.tokens[begin..self.at]
            .iter()
            .map(|&(token, _)| token)
            .skip_while(|token| *token != Token::Punct('['))
            .skip(1)
            .collect();
        match inside.as_slice() {
            [
                Token::Word("cfg"),
                Token::Punct('('),
                predicate @ ..,
                Token::Punct(')'),
                _,
            ] => for_tests_only(predicate),
            _ => false,
        }
    }

    /// Steps past the group that opens here, `(`, `[` or `{`, to past the bracket that closes it.
    fn skip_group(&mut self) {
        let mut depth = 0_usize;
        while let Some(token) = self.peek(0) {
            self.at += 1;
            match token {
                Token::Punct('(' | '[' | '{') => depth += 1,
                Token::Punct(')' | ']' | '}') => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return;
                    }
                }
                _ => {}
            }
        }
    }

    /// Steps past the item, statement, field or arm that starts here: to past its `;` or `,`, or
    /// its block, or to the bracket that closes what holds it.
    fn skip_item(&mut self) {
        let mut depth = 0_usize;
        while let Some(token) = self.peek(0) {
            match token {
                Token::Punct('(' | '[' | '{') => depth += 1,
                Token::Punct(')' | ']' | '}') if depth == 0 => return,
                Token::Punct(close @ (')' | ']' | '}')) => {
                    depth -= 1;
                    if depth == 0 && close == '}' {
                        self.at += 1;
                        return;
                    }
                }
                Token::Punct(';' | ',') if depth == 0 => {
                    self.at += 1;
                    return;
                }
                _ => {}
            }
            self.at += 1;
        }
    }

    /// Reads the tree of a `use` after `prefix`, adding each path it names to `paths`: `a::b`,
    /// `a::{b, c::d}`, `a::*`, `a as b`; a leading `::` (a crate's name) is kept as a part.
    fn use_tree(&mut self, mut prefix: Vec<&'a str>, paths: &mut Vec<Vec<&'a str>>) {
        loop {
            match self.peek(0) {
                Some(Token::PathSep) => {
                    self.at += 1;
                    if prefix.is_empty() {
                        prefix.push("::");
                    }
                }
                Some(Token::Word(part)) => {
                    prefix.push(part);
                    self.at += 1;
                    if self.peek(0) != Some(Token::PathSep) {
                        if self.peek(0) == Some(Token::Word("as")) {
                            self.at += 2;
                        }
                        paths.push(prefix);
                        return;
                    }
                }
                Some(Token::Punct('{')) => {
                    self.at += 1;
                    loop {
                        match self.peek(0) {
                            None => return,
                            Some(Token::Punct('}')) => {
                                self.at += 1;
                                return;
                            }
                            Some(Token::Punct(',')) => self.at += 1,
                            Some(_) => {
                                let before = self.at;
                                self.use_tree(prefix.clone(), paths);
                                if self.at == before {
                                    self.at += 1;
                                }
                            }
                        }
                    }
                }
                Some(Token::Punct('*')) => {
                    self.at += 1;
                    paths.push(prefix);
                    return;
                }
                _ => return,
            }
        }
    }
}

/// Whether a `cfg` of `predicate` holds in a test build only: `test`, or `all(..)` of it.
fn for_tests_only(predicate: &[Token<'_>]) -> bool {
    match predicate {
        [Token::Word("test")] => true,
        [
            Token::Word("all"),
            Token::Punct('('),
            inner @ ..,
            Token::Punct(')'),
        ] => {
            let mut depth = 0_usize;
            inner
                .split(|token| {
                    match token {
                        Token::Punct('(') => depth += 1,
                        Token::Punct(')') => depth = depth.saturating_sub(1),
                        _ => {}
                    }
                    depth == 0 && *token == Token::Punct(',')
                })
                .any(for_tests_only)
        }
        _ => false,
    }
}

/// A crate of `files`, each `(path under src/, text)`.
fn crate_of(files: &[(&str, &str)]) -> Files {
    files
        .iter()
        .map(|&(path, text)| (path.to_owned(), text.to_owned()))
        .collect()
}

/// The files of each circle of `files`.
fn circled(files: &[(&str, &str)]) -> Vec<Vec<String>> {
    circles(&graph(&crate_of(files)))
        .iter()
        .map(|circle| circle.keys().cloned().collect())
        .collect()
}

/// What `file` of `files` imports.
fn imports(files: &[(&str, &str)], file: &str) -> Vec<String> {
    graph(&crate_of(files))
        .get(file)
        .map(|imports| imports.keys().cloned().collect())
        .unwrap_or_default()
}

fn a_circle_through_super_is_found() {
    let files = [
        ("lib.rs", "pub mod process;\n"),
        (
            "process/mod.rs",
            "mod drive;\npub struct Limits;\npub fn run() { crate::process::drive::go() }\n",
        ),
        (
            "process/drive.rs",
            "use std::io;\n\npub(super) fn go() -> super::Limits { super::Limits }\n",
        ),
    ];
    assert_eq!(circled(&files), [["process/drive.rs", "process/mod.rs"]]);
    let imported = graph(&crate_of(&files));
    assert_eq!(
        imported["process/drive.rs"]["process/mod.rs"], 3,
        "the line of the import"
    );
}

fn a_circle_through_a_child_named_bare_is_found() {
    let files = [
        ("main.rs", "mod reaper;\nfn main() {}\n"),
        (
            "reaper.rs",
            "mod list;\npub struct Registration;\npub fn kill() { list::all(); }\n",
        ),
        (
            "reaper/list.rs",
            "pub fn all() -> Vec<crate::reaper::Registration> { Vec::new() }\n",
        ),
    ];
    assert_eq!(circled(&files), [["reaper.rs", "reaper/list.rs"]]);
    assert_eq!(imports(&files, "reaper.rs"), ["reaper/list.rs"]);
    // A name that is no child module of the file (a sibling's), or that follows a `.`, is none.
    let files = [
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a.rs", "mod c;\npub fn f(x: X) { x.c::<u8>(); b::g(); }\n"),
        ("a/c.rs", "pub fn h() {}\n"),
        ("b.rs", "pub fn g() { crate::a::f() }\n"),
    ];
    assert_eq!(circled(&files), Vec::<Vec<String>>::new());
    assert_eq!(imports(&files, "a.rs"), Vec::<String>::new());
}

fn a_circle_through_an_item_of_the_root_is_found() {
    let files = [
        (
            "lib.rs",
            "pub mod cgroup;\npub use cgroup::Pool;\npub fn lock() {}\n",
        ),
        (
            "cgroup.rs",
            "pub struct Pool;\nfn live() { crate::lock() }\n",
        ),
    ];
    assert_eq!(circled(&files), [["cgroup.rs", "lib.rs"]]);
}

fn a_test_module_imports_nothing() {
    let files = [
        ("lib.rs", "mod a;\nmod b;\n"),
        (
            "a.rs",
            "pub fn f() { crate::b::g() }\n\
             #[cfg(test)]\nmod tests {\n    use super::*;\n    fn t() { crate::b::g() }\n}\n",
        ),
        (
            "b.rs",
            "pub fn g() {}\n\n#[cfg(test)]\nmod tests;\n\n\
             #[cfg(all(test, target_os = \"linux\"))]\n#[allow(dead_code)]\nmod more {\n    \
             fn t() { crate::a::f() }\n}\n\
             #[cfg(test)]\nuse crate::a::f;\n\
             pub fn h() {}\n",
        ),
        ("b/tests.rs", "use crate::a::f;\n"),
    ];
    assert_eq!(circled(&files), Vec::<Vec<String>>::new());
    assert_eq!(imports(&files, "a.rs"), ["b.rs"]);
    assert!(!graph(&crate_of(&files)).contains_key("b/tests.rs"));
    // Not for tests only: a build without tests has it too.
    let files = [
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a.rs", "pub fn f() { crate::b::g() }\n"),
        (
            "b.rs",
            "pub fn g() {}\n#[cfg(not(test))]\nfn h() { crate::a::f() }\n",
        ),
    ];
    assert_eq!(circled(&files), [["a.rs", "b.rs"]]);
}

fn a_parent_that_re_exports_its_child_is_no_circle() {
    let files = [
        (
            "lib.rs",
            "pub mod process;\npub use process::{Mode, Run};\n",
        ),
        (
            "process/mod.rs",
            "mod drive;\nmod run;\n\npub use run::{Mode, Run};\n\
             pub fn go() -> Run { drive::drive() }\n",
        ),
        (
            "process/drive.rs",
            "use super::run::{Mode, Run};\npub(super) fn drive() -> Run { Run(Mode) }\n",
        ),
        (
            "process/run.rs",
            "pub struct Mode;\npub struct Run(pub Mode);\n",
        ),
    ];
    assert_eq!(circled(&files), Vec::<Vec<String>>::new());
    assert_eq!(
        imports(&files, "process/mod.rs"),
        ["process/drive.rs", "process/run.rs"]
    );
    assert_eq!(imports(&files, "lib.rs"), ["process/mod.rs"]);
}

fn each_module_of_a_group_of_a_use_is_imported() {
    let files = [
        ("lib.rs", "pub mod process;\npub mod guard;\n"),
        (
            "process/mod.rs",
            "mod bounds;\nmod drive;\nmod watch;\npub struct Limits;\n",
        ),
        (
            "process/drive.rs",
            "use super::{Limits, bounds::{self, Bounds}, watch};\n\
             use crate::guard::{self as news, News};\nuse ::std::io;\n",
        ),
        ("process/bounds.rs", "pub struct Bounds;\n"),
        ("process/watch.rs", ""),
        ("guard.rs", "pub enum News {}\n"),
    ];
    assert_eq!(
        imports(&files, "process/drive.rs"),
        [
            "guard.rs",
            "process/bounds.rs",
            "process/mod.rs",
            "process/watch.rs"
        ]
    );
}

fn super_in_an_inline_module_is_the_file_itself() {
    let files = [
        ("lib.rs", "pub mod process;\n"),
        ("process/mod.rs", "mod proc_files;\nmod watch;\n"),
        ("process/proc_files.rs", "pub fn gone() {}\n"),
        (
            "process/watch.rs",
            "pub struct Check;\n\
             #[cfg(target_os = \"linux\")]\nmod imp {\n    use super::super::proc_files::gone;\n    \
             use super::Check;\n    mod deeper { use super::super::Check; }\n}\n",
        ),
    ];
    assert_eq!(
        imports(&files, "process/watch.rs"),
        ["process/proc_files.rs"]
    );
}

fn comments_literals_and_visibilities_import_nothing() {
    let files = [
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a.rs", "pub fn f() { crate::b::g() }\n"),
        (
            "b.rs",
            "//! As [`crate::a`] says.\n\
             /* crate::a::f() /* nested */ crate::a::f() */\n\
             /// [`f`](crate::a::f)\n\
             pub fn g<'a>(x: &'a str) -> char { let _ = \"crate::a::f\"; '\"' }\n\
             pub fn h() -> &'static str { r#\"a \" crate::a::f()\"# }\n\
             pub fn i() -> u8 { b'\\'' }\n\
             pub(in crate::a) fn j() {}\n\
             pub struct K(pub (u8, u8));\n\
             pub fn l() { let r#crate = 1; let _ = r#crate; }\n",
        ),
    ];
    assert_eq!(circled(&files), Vec::<Vec<String>>::new());
    assert_eq!(imports(&files, "b.rs"), Vec::<String>::new());
    // After all of them, a path is still seen.
    let text = format!("{}pub fn m() {{ crate::a::f() }}\n", files[2].1);
    let files = [files[0], files[1], ("b.rs", text.as_str())];
    assert_eq!(circled(&files), [["a.rs", "b.rs"]]);
}
