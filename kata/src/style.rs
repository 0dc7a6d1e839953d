//! Colour for the learner's texts: only on a terminal without `NO_COLOR`, decided once by the
//! caller and passed along.

use anstyle::{AnsiColor, Color, Style as AnsiStyle};
use harness::feedback::Paint;

/// Whether texts are coloured, and the colours of each kind of text.
#[derive(Clone, Copy, Debug, Default)]
pub struct Style {
    /// Colour the texts.
    pub color: bool,
}

const GOOD: AnsiStyle = AnsiStyle::new()
    .bold()
    .fg_color(Some(Color::Ansi(AnsiColor::Green)));
const BAD: AnsiStyle = AnsiStyle::new()
    .bold()
    .fg_color(Some(Color::Ansi(AnsiColor::Red)));
const STRONG: AnsiStyle = AnsiStyle::new().bold();

impl Style {
    /// The harness's feedback, coloured the same way.
    #[must_use]
    pub fn paint(self) -> Paint {
        Paint { color: self.color }
    }

    /// A text that says something went well.
    #[must_use]
    pub fn good(self, text: &str) -> String {
        self.apply(GOOD, text)
    }

    /// A text that says something failed.
    #[must_use]
    pub fn bad(self, text: &str) -> String {
        self.apply(BAD, text)
    }

    /// A heading.
    #[must_use]
    pub fn strong(self, text: &str) -> String {
        self.apply(STRONG, text)
    }

    fn apply(self, style: AnsiStyle, text: &str) -> String {
        if self.color {
            format!("{style}{text}{style:#}")
        } else {
            text.to_owned()
        }
    }
}
