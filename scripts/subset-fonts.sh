#!/bin/sh
# Rebuilds apps/web/src/fonts/ from the npm font packages (issue 15: fonts shipped subsetted). Needs Debian's
# python3-fonttools and python3-brotli (`apt-get install python3-fonttools python3-brotli`); run it after
# updating @fontsource-variable/inter, and commit the result.
# Inter keeps fontsource's Latin and Latin Extended ranges, the weights the interface uses (400 to 900) and
# the OpenType features it needs (kerning, ligatures, marks, tabular figures for `tabular-nums`): the other
# alternates and the thin weights were most of the files' weight.
set -eu
cd "$(dirname "$0")/.."
SRC=node_modules/@fontsource-variable/inter/files
OUT=apps/web/src/fonts
TMP=$(mktemp -d)
FEATURES='kern,liga,calt,ccmp,locl,mark,mkmk,tnum'
LATIN='U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD'
LATIN_EXT='U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF'
subset() { # $1 source file, $2 unicodes, $3 output name
  /usr/bin/python3 -m fontTools.subset "$SRC/$1" --unicodes="$2" --layout-features="$FEATURES" --output-file="$TMP/$3.ttf"
  /usr/bin/python3 -m fontTools.varLib.instancer "$TMP/$3.ttf" wght=400:900 -q -o "$TMP/$3-wght.ttf"
  /usr/bin/python3 -m fontTools.subset "$TMP/$3-wght.ttf" --unicodes='*' --layout-features='*' --flavor=woff2 --output-file="$OUT/$3.woff2"
}
subset inter-latin-wght-normal.woff2 "$LATIN" inter-latin-400-900
subset inter-latin-ext-wght-normal.woff2 "$LATIN_EXT" inter-latin-ext-400-900
rm -rf "$TMP"
ls -l "$OUT"
