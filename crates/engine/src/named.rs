//! Things chosen by name. Small enumerations (rules, randomizers, top-out tests, plan values,
//! tie-breaks): one macro gives each its list of choices, its names and a parser whose error
//! names the bad name and the choices. Registries (features, presets, optimizers): another
//! declares the TypeScript union of their names.

/// Implements, for an enumeration of unit variants, `ALL` (every choice, in the order messages
/// list them), `name()` and `FromStr` with an [`Error`](crate::error::Error) that names the bad
/// name and every choice; `$what` is what a choice is called in that message.
#[macro_export]
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

/// Declares `$type`, a TypeScript string union of the names `$names` gives (an expression of
/// `Vec<&str>`, read from a registry), for a field that holds one of them: `#[ts(as =
/// "$type")]` on a `String` field, or as a map's key. The type holds no value in Rust. Both it
/// and its declaration exist only where the calling crate's `typescript` feature is on.
#[macro_export]
macro_rules! ts_name_union {
    ($type:ident, $doc:literal, $names:expr) => {
        #[doc = $doc]
        #[doc = ""]
        #[doc = "A TypeScript type only: no Rust value has it."]
        #[cfg(feature = "typescript")]
        pub enum $type {}

        #[cfg(feature = "typescript")]
        impl ts_rs::TS for $type {
            type WithoutGenerics = $type;
            type OptionInnerType = $type;
            // A union of strings: as a map's key, the map's fields are each optional.
            const IS_ENUM: bool = true;

            fn docs() -> Option<String> {
                Some(format!("/**\n * {}\n */\n", $doc))
            }

            fn name(_: &ts_rs::Config) -> String {
                stringify!($type).to_string()
            }

            fn inline(_: &ts_rs::Config) -> String {
                let names: Vec<String> = $names.iter().map(|n| format!("\"{n}\"")).collect();
                names.join(" | ")
            }

            fn decl(cfg: &ts_rs::Config) -> String {
                format!("type {} = {};", stringify!($type), Self::inline(cfg))
            }

            fn decl_concrete(cfg: &ts_rs::Config) -> String {
                Self::decl(cfg)
            }

            fn output_path() -> Option<std::path::PathBuf> {
                Some(std::path::PathBuf::from(concat!(stringify!($type), ".ts")))
            }
        }
    };
}
