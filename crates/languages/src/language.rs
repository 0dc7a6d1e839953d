//! The language of a program, told from its files as the format's table gives their extensions,
//! with the languages whose programs are built and run here set apart from the others it names.

use std::fmt;
use std::fs;
use std::io::Read;
use std::path::Path;

use crate::format::{self, FormatLanguage};

/// The language of a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// C: `.c`.
    C,
    /// C++: `.cc`, `.cpp`, `.cxx`, `.c++`, `.C`.
    Cpp,
    /// Python 3: `.py`, `.py3`.
    Python3,
    /// Python 2: `.py2`, and a `.py` file that asks for it on its first line.
    Python2,
    /// Java: `.java`.
    Java,
    /// Kotlin: `.kt`.
    Kotlin,
    /// Rust: `.rs`.
    Rust,
    /// JavaScript, on Node.js: `.js`.
    JavaScript,
    /// Bash: `.sh`.
    Bash,
    /// Another language the format names, which no program here is built or run in.
    Named(&'static FormatLanguage),
    /// A folder holding a `build` or `run` script, which builds or is the program (the format
    /// allows it for validators).
    Scripts,
    /// None of these, or several.
    Unknown,
}

impl Language {
    /// Every language whose programs are built and run here, the quickest to build and start
    /// first (a JVM's last): the order to choose one program of several that do the same.
    pub const BUILT_HERE: [Language; 9] = [
        Language::C,
        Language::Cpp,
        Language::Rust,
        Language::Python3,
        Language::JavaScript,
        Language::Bash,
        Language::Python2,
        Language::Java,
        Language::Kotlin,
    ];

    /// The language of a file from its extension.
    #[must_use]
    pub fn of_file(path: &Path) -> Language {
        let language = path
            .extension()
            .and_then(|extension| extension.to_str())
            .and_then(format::by_extension)
            .map_or(Language::Unknown, Language::of_format);
        // A `.py` file that asks for Python 2 on its first line is Python 2, as problemtools and
        // BAPCtools decide (the format's table gives `.py` to Python 3).
        if language == Language::Python3
            && path.extension().is_some_and(|extension| extension == "py")
            && asks_for_python2(path)
        {
            return Language::Python2;
        }
        language
    }

    /// The language whose code in the format's table is `code` (`python3`), if it is one.
    #[must_use]
    pub fn of_code(code: &str) -> Option<Language> {
        format::by_code(code).map(Language::of_format)
    }

    /// The language of the format's table `named`.
    #[must_use]
    pub fn of_format(named: &'static FormatLanguage) -> Language {
        Language::BUILT_HERE
            .into_iter()
            .find(|language| language.code() == Some(named.code))
            .unwrap_or(Language::Named(named))
    }

    /// The language of a program, a file or a folder: a folder with a `build` or `run` script
    /// is [`Language::Scripts`], else the one language of its files whose extensions name one
    /// (headers and other files are left out), [`Language::Unknown`] when none or several.
    #[must_use]
    pub fn of_program(path: &Path) -> Language {
        if !path.is_dir() {
            return Language::of_file(path);
        }
        if path.join("build").is_file() || path.join("run").is_file() {
            return Language::Scripts;
        }
        let mut found = None;
        for name in sorted_names(path) {
            match (Language::of_file(&path.join(&name)), found) {
                (Language::Unknown, _) => {}
                (language, None) => found = Some(language),
                // Python 2 only where every file asks for it: a file that does not is Python 3's.
                (
                    language @ (Language::Python2 | Language::Python3),
                    Some(other @ (Language::Python2 | Language::Python3)),
                ) if language != other => found = Some(Language::Python3),
                (language, Some(other)) if language != other => return Language::Unknown,
                _ => {}
            }
        }
        found.unwrap_or(Language::Unknown)
    }

    /// Its code in the format's table of languages (`cpp`, `python3`), which names its folder
    /// of `include/`; `None` for build and run scripts and an unknown language.
    #[must_use]
    pub fn code(self) -> Option<&'static str> {
        Some(match self {
            Language::C => "c",
            Language::Cpp => "cpp",
            Language::Python3 => "python3",
            Language::Python2 => "python2",
            Language::Java => "java",
            Language::Kotlin => "kotlin",
            Language::Rust => "rust",
            Language::JavaScript => "javascript",
            Language::Bash => "bash",
            Language::Named(named) => named.code,
            Language::Scripts | Language::Unknown => return None,
        })
    }

    /// Its row of the format's table; `None` for build and run scripts and an unknown language.
    #[must_use]
    pub fn in_format(self) -> Option<&'static FormatLanguage> {
        self.code().and_then(format::by_code)
    }
}

/// The names in `folder` but hidden ones, sorted; none when it cannot be read.
fn sorted_names(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('.'))
        .collect();
    names.sort();
    names
}

/// Whether the file at `path` opens with a line such as `#!/usr/bin/env python2`, problemtools'
/// and BAPCtools' sign of a Python 2 program (`^#!.*python2\b`).
fn asks_for_python2(path: &Path) -> bool {
    let mut first = [0; 256];
    let Ok(read) = fs::File::open(path).and_then(|mut file| file.read(&mut first)) else {
        return false;
    };
    let line = first[..read]
        .split(|&byte| byte == b'\n')
        .next()
        .unwrap_or_default();
    line.starts_with(b"#!")
        && line.windows(7).enumerate().any(|(at, word)| {
            word == b"python2"
                && line
                    .get(at + 7)
                    .is_none_or(|next| !(next.is_ascii_alphanumeric() || *next == b'_'))
        })
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Language::Named(named) => named.name,
            Language::Scripts => "build and run scripts",
            Language::Unknown => "an unknown language",
            built => built.in_format().map_or("", |named| named.name),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_py_file_that_asks_for_python2_is_python2_and_a_folder_where_every_file_does() {
        let dir = tempfile::tempdir().expect("a folder");
        let write = |name: &str, text: &str| {
            let path = dir.path().join(name);
            fs::write(&path, text).expect("written");
            path
        };
        for (text, language) in [
            ("#!/usr/bin/env python2\nprint 1\n", Language::Python2),
            ("#! /usr/bin/python2.7\n", Language::Python2),
            ("#!/usr/bin/env python3\n", Language::Python3),
            ("#!/usr/bin/env python22\n", Language::Python3),
            ("print(1)  # python2\n", Language::Python3),
        ] {
            assert_eq!(Language::of_file(&write("a.py", text)), language, "{text}");
        }
        // `.py3` is Python 3 whatever its first line.
        assert_eq!(
            Language::of_file(&write("b.py3", "#!/usr/bin/env python2\n")),
            Language::Python3
        );
        let folder = tempfile::tempdir().expect("a folder");
        fs::write(folder.path().join("main.py"), "#!/usr/bin/env python2\n").expect("w");
        assert_eq!(Language::of_program(folder.path()), Language::Python2);
        fs::write(folder.path().join("lib.py"), "#!/usr/bin/python2\n").expect("w");
        assert_eq!(Language::of_program(folder.path()), Language::Python2);
        fs::write(folder.path().join("util.py"), "X = 1\n").expect("w");
        assert_eq!(Language::of_program(folder.path()), Language::Python3);
    }

    #[test]
    fn guesses_languages_from_extensions() {
        let cases = [
            ("a.c", Language::C),
            ("a.C", Language::Cpp),
            ("a.cc", Language::Cpp),
            ("a.cpp", Language::Cpp),
            ("a.cxx", Language::Cpp),
            ("a.c++", Language::Cpp),
            ("a.py", Language::Python3),
            ("a.py3", Language::Python3),
            ("a.py2", Language::Python2),
            ("A.java", Language::Java),
            ("a.kt", Language::Kotlin),
            ("a.rs", Language::Rust),
            ("a.js", Language::JavaScript),
            ("a.sh", Language::Bash),
            (
                "a.hs",
                Language::Named(format::by_code("haskell").expect("in the table")),
            ),
            ("a.bash", Language::Unknown),
            ("a.py.disabled", Language::Unknown),
            ("README", Language::Unknown),
        ];
        for (name, language) in cases {
            assert_eq!(Language::of_file(Path::new(name)), language, "{name}");
        }
    }

    #[test]
    fn a_folder_has_the_one_language_of_its_sources() {
        let dir = tempfile::tempdir().expect("temporary folder");
        fs::write(dir.path().join("main.cpp"), "").expect("write");
        fs::write(dir.path().join("validate.h"), "").expect("write");
        fs::write(dir.path().join(".hidden.py"), "").expect("write");
        assert_eq!(Language::of_program(dir.path()), Language::Cpp);
        fs::write(dir.path().join("helper.py"), "").expect("write");
        assert_eq!(Language::of_program(dir.path()), Language::Unknown);
        fs::write(dir.path().join("build"), "").expect("write");
        assert_eq!(Language::of_program(dir.path()), Language::Scripts);
    }

    #[test]
    fn each_language_built_here_is_its_own_row_of_the_format_and_named_by_it() {
        for language in Language::BUILT_HERE {
            let named = language.in_format().expect("a row of the format");
            assert_eq!(Language::of_format(named), language);
            assert_eq!(language.to_string(), named.name);
            assert_eq!(Language::of_code(named.code), Some(language));
        }
        let go = format::by_code("go").expect("in the table");
        assert_eq!(Language::of_code("go"), Some(Language::Named(go)));
        assert_eq!(Language::Named(go).to_string(), "Go");
        assert_eq!(Language::Scripts.code(), None);
        assert_eq!(Language::of_code("klingon"), None);
    }
}
