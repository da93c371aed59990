//! Small enumerations chosen by name (rules, randomizers, top-out tests, plan values,
//! tie-breaks): one macro gives each its list of choices, its names and a parser whose error
//! names the bad name and the choices.

/// Implements, for an enumeration of unit variants, `ALL` (every choice, in the order messages
/// list them), `name()` and `FromStr` with an [`Error`](crate::error::Error) that names the bad
/// name and every choice; `$what` is what a choice is called in that message.
macro_rules! named_choices {
    ($type:ident, $what:literal, $($variant:ident => $name:literal),+ $(,)?) => {
        impl $type {
            /// Every choice, in the order messages list them.
            pub const ALL: &'static [$type] = &[$($type::$variant),+];

            /// The choice's name, as its `from_str` reads it.
            pub fn name(self) -> &'static str {
                match self {
                    $($type::$variant => $name),+
                }
            }
        }

        impl std::str::FromStr for $type {
            type Err = $crate::error::Error;

            fn from_str(name: &str) -> $crate::error::Result<$type> {
                $type::ALL.iter().copied().find(|c| c.name() == name).ok_or_else(|| {
                    let names: Vec<String> =
                        $type::ALL.iter().map(|c| format!("\"{}\"", c.name())).collect();
                    let listed = match names.split_last() {
                        Some((last, rest)) if !rest.is_empty() => {
                            format!("{} or {last}", rest.join(", "))
                        }
                        _ => names.join(""),
                    };
                    $crate::error::Error::Config(format!(
                        concat!("unknown ", $what, " \"{}\" (expected {})"),
                        name, listed
                    ))
                })
            }
        }
    };
}

pub(crate) use named_choices;
