#!/bin/sh
# Chimera's UCI engine with an untuned definition loaded under the tuned file's name
# before the match starts: the referee, finding the variant listed, sends this engine no
# VariantPath, so it plays the variant's own evaluation while the other engine is given
# the tuned file. Usage (as a match's --engine):
#   docs/matches/tune/untuned.sh CHIMERA UNTUNED.yaml
# UNTUNED.yaml is "extends: VARIANT", "name: VARIANT-tuned" and, where the built-in carries
# tuned weights, "evaluation: ~" to drop them (docs/matches/tune/untuned/).
{ printf 'setoption name VariantPath value %s\n' "$2"; exec cat; } | exec "$1" uci
