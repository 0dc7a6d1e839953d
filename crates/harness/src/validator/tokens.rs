//! The format's default output validator, in-process: the output and the answer compared token
//! by token, with the flags `case_sensitive`, `space_change_sensitive` and the float
//! tolerances.

use kata_model::package::{DefaultFlags, is_float};
use visible::visible;

/// The longest token shown whole in a message, in characters.
const SHOWN: usize = 40;

/// Judges `output` against `answer` as the default output validator does: `Ok` when right,
/// else the message for the solver, which names the first difference.
///
/// Both are split into tokens on white space (space, tab, newline, carriage return, vertical
/// tab, form feed). A token of the answer that is a number, when a tolerance is set, matches a
/// number of the output within the tolerance (absolute or relative, either one enough);
/// any other token matches the same bytes, with ASCII letters in either case unless
/// `case_sensitive`. With `space_change_sensitive`, the white space around the tokens must be
/// the answer's too.
///
/// # Errors
///
/// The first difference, such as "token 3 is `5`, expected `6`".
pub fn validate(answer: &[u8], output: &[u8], flags: &DefaultFlags) -> Result<(), String> {
    let (expected, expected_end) = tokens(answer);
    let (got, got_end) = tokens(output);
    for (index, (want, have)) in expected.iter().zip(&got).enumerate() {
        let number = index + 1;
        if flags.space_change_sensitive && want.0 != have.0 {
            return Err(format!(
                "the white space before token {number} is {}, expected {}",
                space(have.0),
                space(want.0)
            ));
        }
        compare(number, want.1, have.1, flags)?;
    }
    if let Some((_, missing)) = expected.get(got.len()) {
        return Err(format!(
            "the output ends where token {}, `{}`, is expected",
            got.len() + 1,
            shown(missing)
        ));
    }
    if let Some((_, extra)) = got.get(expected.len()) {
        return Err(format!("extra output after the answer: `{}`", shown(extra)));
    }
    if flags.space_change_sensitive && expected_end != got_end {
        return Err(format!(
            "the white space at the end is {}, expected {}",
            space(got_end),
            space(expected_end)
        ));
    }
    Ok(())
}

/// Compares token `number` of the output, `have`, with the answer's, `want`.
fn compare(number: usize, want: &[u8], have: &[u8], flags: &DefaultFlags) -> Result<(), String> {
    if flags.has_tolerance()
        && let Some(expected) = float(want)
    {
        let Some(got) = float(have) else {
            return Err(format!(
                "token {number} is `{}`, expected a number near `{}`",
                shown(have),
                shown(want)
            ));
        };
        let error = (got - expected).abs();
        let within = |tolerance: Option<f64>, scale: f64| {
            tolerance.is_some_and(|tolerance| error <= tolerance * scale)
        };
        if within(flags.float_absolute_tolerance, 1.0)
            || within(flags.float_relative_tolerance, expected.abs())
        {
            return Ok(());
        }
        return Err(format!(
            "token {number} is `{}`, expected `{}` within {}",
            shown(have),
            shown(want),
            flags.tolerances()
        ));
    }
    let same = if flags.case_sensitive {
        want == have
    } else {
        want.eq_ignore_ascii_case(have)
    };
    if same {
        Ok(())
    } else {
        Err(format!(
            "token {number} is `{}`, expected `{}`",
            shown(have),
            shown(want)
        ))
    }
}

fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// A token, with the white space before it.
type Token<'a> = (&'a [u8], &'a [u8]);

/// The tokens of `text`, each with the white space before it, and the white space at the end.
fn tokens(text: &[u8]) -> (Vec<Token<'_>>, &[u8]) {
    let mut tokens = Vec::new();
    let mut rest = text;
    loop {
        let start = rest
            .iter()
            .position(|&byte| !is_space(byte))
            .unwrap_or(rest.len());
        let (before, after) = rest.split_at(start);
        if after.is_empty() {
            return (tokens, before);
        }
        let end = after
            .iter()
            .position(|&byte| is_space(byte))
            .unwrap_or(after.len());
        let (token, following) = after.split_at(end);
        tokens.push((before, token));
        rest = following;
    }
}

/// The number `token` is, if it is one in the format's grammar.
fn float(token: &[u8]) -> Option<f64> {
    if !is_float(token) {
        return None;
    }
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// A token as a message shows it: safe on a terminal, and cut when long.
fn shown(token: &[u8]) -> String {
    let text = visible(token);
    if text.chars().count() <= SHOWN {
        return text;
    }
    let mut cut: String = text.chars().take(SHOWN).collect();
    cut.push('…');
    cut
}

/// White space as a message shows it: quoted, with escapes.
fn space(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return "none".to_owned();
    }
    format!("{:?}", String::from_utf8_lossy(bytes))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn flags(args: &str) -> DefaultFlags {
        let args: Vec<String> = args.split_whitespace().map(str::to_owned).collect();
        DefaultFlags::parse(&args).expect("flags")
    }

    fn check(answer: &str, output: &str, args: &str) -> Result<(), String> {
        validate(answer.as_bytes(), output.as_bytes(), &flags(args))
    }

    #[test]
    fn compares_tokens_whatever_the_white_space() {
        assert_eq!(check("1 2\n3\n", "  1\t2 3", ""), Ok(()));
        assert_eq!(check("", "\n\n", ""), Ok(()));
        assert_eq!(
            check("1 2 6\n", "1 2 5\n", ""),
            Err("token 3 is `5`, expected `6`".to_owned())
        );
        assert_eq!(
            check("1 2 7\n", "1 2\n", ""),
            Err("the output ends where token 3, `7`, is expected".to_owned())
        );
        assert_eq!(
            check("1\n", "1 x y\n", ""),
            Err("extra output after the answer: `x`".to_owned())
        );
        assert_eq!(
            check("1\n", "", ""),
            Err("the output ends where token 1, `1`, is expected".to_owned())
        );
    }

    #[test]
    fn ignores_case_unless_case_sensitive() {
        assert_eq!(check("Yes\n", "YES\n", ""), Ok(()));
        assert_eq!(
            check("Yes\n", "YES\n", "case_sensitive"),
            Err("token 1 is `YES`, expected `Yes`".to_owned())
        );
        // Only ASCII letters are folded.
        assert!(check("Ä\n", "ä\n", "").is_err());
    }

    #[test]
    fn space_change_sensitive_wants_the_same_white_space() {
        let sensitive = "space_change_sensitive";
        assert_eq!(check("1 2\n", "1 2\n", sensitive), Ok(()));
        assert_eq!(
            check("1 2\n", "1  2\n", sensitive),
            Err("the white space before token 2 is \"  \", expected \" \"".to_owned())
        );
        assert_eq!(
            check("1 2\n", "1 2", sensitive),
            Err("the white space at the end is none, expected \"\\n\"".to_owned())
        );
        assert_eq!(
            check("1\n", " 1\n", sensitive),
            Err("the white space before token 1 is \" \", expected none".to_owned())
        );
        assert!(check("1 2\n", "1\t2\n", sensitive).is_err());
        assert!(check("1\n", "1\r\n", sensitive).is_err());
        assert_eq!(check("\n", "\n", sensitive), Ok(()));
        assert!(check("\n", "", sensitive).is_err());
    }

    #[test]
    fn compares_numbers_within_a_tolerance() {
        let tolerance = "float_tolerance 1e-6";
        assert_eq!(check("2.5\n", "2.5000001\n", tolerance), Ok(()));
        assert_eq!(check("0.0314\n", "3.14000000e-2\n", tolerance), Ok(()));
        assert_eq!(check("3\n", "3.0000000\n", tolerance), Ok(()));
        assert_eq!(
            check("2.5\n", "2.51\n", tolerance),
            Err("token 1 is `2.51`, expected `2.5` within 1e-6".to_owned())
        );
        assert_eq!(
            check("2.5\n", "two\n", tolerance),
            Err("token 1 is `two`, expected a number near `2.5`".to_owned())
        );
        // Without a tolerance, numbers are text.
        assert!(check("2.5\n", "2.50\n", "").is_err());
        // A word of the answer is still a word.
        assert_eq!(check("pi 3.14\n", "PI 3.1400001\n", tolerance), Ok(()));
        assert!(check("2.5\n", "nan\n", tolerance).is_err());
        assert!(check("2.5\n", "0x2.8p0\n", tolerance).is_err());
    }

    #[test]
    fn relative_and_absolute_tolerances_each_suffice() {
        let relative = "float_relative_tolerance 1e-3";
        assert_eq!(check("1000\n", "1000.9\n", relative), Ok(()));
        assert!(check("1000\n", "1001.1\n", relative).is_err());
        assert!(check("0\n", "1e-9\n", relative).is_err());
        let absolute = "float_absolute_tolerance 0.5";
        assert_eq!(check("0\n", "0.5\n", absolute), Ok(()));
        assert_eq!(
            check("1000\n", "1000.6\n", absolute),
            Err("token 1 is `1000.6`, expected `1000` within an absolute 5e-1".to_owned())
        );
        let either = "float_absolute_tolerance 1e-9 float_relative_tolerance 1e-3";
        assert_eq!(check("1000\n", "1000.9\n", either), Ok(()));
        assert_eq!(check("0\n", "1e-10\n", either), Ok(()));
    }

    #[test]
    fn reads_floats_by_the_formats_grammar() {
        for good in ["1", "-1", "+1.", ".5", "1.5e10", "1E-3", "007", "1.e5"] {
            assert!(is_float(good.as_bytes()), "{good}");
        }
        for bad in [
            "", ".", "-", "e5", "1e", "1e+", "inf", "nan", "1.2.3", "0x10", "1_000", "1,5",
        ] {
            assert!(!is_float(bad.as_bytes()), "{bad}");
        }
    }

    #[test]
    fn shows_long_and_hidden_tokens_safely() {
        let long = "x".repeat(100);
        let message = check("a\n", &format!("{long}\n"), "").expect_err("differs");
        assert!(
            message.contains(&format!("`{}…`", "x".repeat(SHOWN))),
            "{message}"
        );
        let message = check("a\n", "\u{1b}[2J\n", "").expect_err("differs");
        assert!(!message.contains('\u{1b}'), "{message}");
    }

    proptest! {
        #[test]
        fn any_output_matches_itself(text in "[ -~\\n\\t]{0,60}", case in any::<bool>()) {
            let flags = DefaultFlags {
                case_sensitive: case,
                space_change_sensitive: true,
                ..DefaultFlags::default()
            };
            prop_assert_eq!(validate(text.as_bytes(), text.as_bytes(), &flags), Ok(()));
        }

        #[test]
        fn white_space_is_ignored_by_default(
            words in proptest::collection::vec("[a-z0-9.]{1,5}", 0..8),
            spaces in proptest::collection::vec("[ \\t\\n\\r]{1,3}", 9),
        ) {
            let answer = words.join(" ");
            let mut output = spaces[0].clone();
            for (word, space) in words.iter().zip(&spaces[1..]) {
                output.push_str(word);
                output.push_str(space);
            }
            let flags = DefaultFlags::default();
            prop_assert_eq!(validate(answer.as_bytes(), output.as_bytes(), &flags), Ok(()));
        }

        #[test]
        fn a_number_within_the_tolerance_passes(value in -1e6f64..1e6, offset in -0.9f64..0.9) {
            let flags = DefaultFlags {
                float_absolute_tolerance: Some(1e-3),
                ..DefaultFlags::default()
            };
            let answer = format!("{value}\n");
            let output = format!("{:e}\n", value + offset * 1e-3);
            prop_assert_eq!(validate(answer.as_bytes(), output.as_bytes(), &flags), Ok(()));
        }
    }

    #[test]
    fn the_sample_answers_of_sum_floats_pass_its_own_validation() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../kata-model/tests/packages/sum-floats");
        let package = kata_model::package::load(&folder).expect("it loads");
        for case in &package.cases {
            let answer = std::fs::read(&case.answer).expect("the answer");
            let flags = case.default_flags.expect("default validation");
            assert_eq!(validate(&answer, &answer, &flags), Ok(()), "{}", case.name);
        }
    }
}
