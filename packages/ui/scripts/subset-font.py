#!/usr/bin/env python3
# Makes src/styles/fonts/source-sans-3-french-wght-normal.woff2, the one font file a page of the
# apps loads before its first paint (decision 0180): the variable Latin file of
# @fontsource-variable/source-sans-3 cut down to the characters French text and the apps' own
# texts use (FRENCH below), every glyph of those, every OpenType feature, every name and the
# hinting kept. The rest of that Latin file's characters stay served by the Latin file itself
# (src/styles/fonts.css: a second face with the complement as its unicode-range, fetched only by
# a page that shows one of them), so the family keeps its whole character set.
#
# Needs fontTools with brotli (Debian: apt-get install python3-fonttools python3-brotli). Run from
# packages/ui after a change of FRENCH or of the package's version:
#   python3 scripts/subset-font.py            writes the file, prints the two unicode-ranges
# The result is committed: the build does not run Python.
import glob
import sys

from fontTools import subset

# Characters of the French subset: ASCII (with the control and invisible characters, which have no
# glyph but must not make a page fetch the other file), the no-break spaces, the soft hyphen, French letters (and ä ö of common
# names), « », ’ ‘ “ ” „, – —, …, •, the signs the apps print (§ ° ² ³ · × − €).
FRENCH = [
    (0x0000, 0x00A0), (0x00AD, 0x00AD), (0x200B, 0x200D), (0x2060, 0x2060), (0xFEFF, 0xFEFF), (0x00A7, 0x00A7), (0x00AB, 0x00AB), (0x00B0, 0x00B0),
    (0x00B2, 0x00B3), (0x00B7, 0x00B7), (0x00BB, 0x00BB), (0x00C0, 0x00C0), (0x00C2, 0x00C2),
    (0x00C4, 0x00C4), (0x00C6, 0x00CB), (0x00CE, 0x00CF), (0x00D4, 0x00D4), (0x00D6, 0x00D7),
    (0x00D9, 0x00D9), (0x00DB, 0x00DC), (0x00E0, 0x00E0), (0x00E2, 0x00E2), (0x00E4, 0x00E4),
    (0x00E6, 0x00EB), (0x00EE, 0x00EF), (0x00F4, 0x00F4), (0x00F6, 0x00F6), (0x00F9, 0x00F9),
    (0x00FB, 0x00FC), (0x00FF, 0x00FF), (0x0152, 0x0153), (0x0178, 0x0178), (0x2009, 0x2009),
    (0x2011, 0x2011), (0x2013, 0x2014), (0x2018, 0x2019), (0x201C, 0x201E), (0x2022, 0x2022),
    (0x2026, 0x2026), (0x202F, 0x202F), (0x20AC, 0x20AC), (0x2212, 0x2212),
]

# The unicode-range of @fontsource-variable/source-sans-3's Latin file (its index.css).
LATIN = [
    (0x0000, 0x00FF), (0x0131, 0x0131), (0x0152, 0x0153), (0x02BB, 0x02BC), (0x02C6, 0x02C6),
    (0x02DA, 0x02DA), (0x02DC, 0x02DC), (0x0304, 0x0304), (0x0308, 0x0308), (0x0329, 0x0329),
    (0x2000, 0x206F), (0x20AC, 0x20AC), (0x2122, 0x2122), (0x2191, 0x2191), (0x2193, 0x2193),
    (0x2212, 0x2212), (0x2215, 0x2215), (0xFEFF, 0xFEFF), (0xFFFD, 0xFFFD),
]


def codepoints(ranges):
    return {cp for first, last in ranges for cp in range(first, last + 1)}


def css_range(points):
    points = sorted(points)
    runs, start, prev = [], points[0], points[0]
    for cp in points[1:] + [None]:
        if cp is not None and cp == prev + 1:
            prev = cp
            continue
        runs.append(f'U+{start:04X}' if start == prev else f'U+{start:04X}-{prev:04X}')
        if cp is not None:
            start = prev = cp
    return ', '.join(runs)


def main():
    [source] = glob.glob('node_modules/@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2')
    out = 'src/styles/fonts/source-sans-3-french-wght-normal.woff2'
    french = codepoints(FRENCH)
    options = subset.Options()
    options.flavor = 'woff2'
    options.layout_features = ['*']
    options.name_IDs = ['*']
    options.name_languages = ['*']
    options.notdef_outline = True
    font = subset.load_font(source, options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=french)
    subsetter.subset(font)
    subset.save_font(font, out, options)
    print(f'wrote {out}', file=sys.stderr)
    print('French face unicode-range:', css_range(french))
    print('Latin face unicode-range (the rest):', css_range(codepoints(LATIN) - french))


if __name__ == '__main__':
    main()
