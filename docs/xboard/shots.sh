#!/bin/sh
# Reproduces the screenshots and games in docs/xboard (see docs/xboard.md): for each
# variant, XBoard 4.9 runs under Xvfb with "chimera xboard" as its engine, once to show
# the board Chimera's setup command gives (VARIANT-start.png) and once playing a game,
# Chimera against itself (VARIANT.png at the end of the game, VARIANT.pgn as XBoard saves
# it, VARIANT.moves the moves the engines sent, in Chimera's coordinate notation). For
# prisonbreak, a third run has the user play Black against Chimera: the mouse (xdotool)
# lifts the Ninja Guard on c8 (prisonbreak-lift.png shows XBoard's marks from Chimera's
# highlight answer) and drops it on e6.
#
# Usage, from the repository root: sh docs/xboard/shots.sh [VARIANT...]
# Needs xboard, xvfb-run (xvfb), xwd and xwininfo (x11-apps, x11-utils), xdotool and
# ImageMagick. CHIMERA names the engine binary to build, CONVERT ImageMagick's convert.
set -e
dir=docs/xboard
engine=${CHIMERA:-/tmp/chimera-shots}
convert=${CONVERT:-convert}

# geometry: XBoard's main window, WxH+X+Y (inside Xvfb).
geometry() {
	xwininfo -root -children | grep '("xboard" "Xboard")' |
		grep -o '[0-9]*x[0-9]*+[0-9]*+[0-9]*' | sort -t x -k1 -n -r | head -1
}
# capture OUT.png: the XBoard main window, cropped from the screen.
capture() {
	xwd -root | $convert xwd:- -crop "$(geometry)" +repage -dither None -colors 256 png:"$1"
}

# square FILE ROW: the screen point of a square of the 6x8 board, counted from the
# bottom-left corner as drawn (the board fills the bottom of the window).
square() {
	geometry | tr 'x+' '  ' | awk -v f=$1 -v r=$2 '{ s = $1 / 6; printf "%d %d", $3 + (f + 0.5) * s, $4 + $2 - (r + 0.5) * s }'
}

# coordinates: the moves the engines sent (XBoard's debug file on stdin), one a line,
# a capture in passing as Chimera writes it: a1a5,a5a6 becomes a1a6xa5.
coordinates() {
	grep -E '<(first|second) *: move ' | awk '{
		n = split($NF, leg, ",")
		m = substr(leg[1], 1, 2) substr(leg[n], 3)
		for (i = 1; i < n; i++) m = m "x" substr(leg[i], 3)
		print m
	}'
}

if [ "$1" = --inside ]; then # run by xvfb-run below: $2 is start, game or lift, $3 the variant
	mode=$2 v=$3
	shift 3
	if [ $mode = lift ]; then
		/usr/games/xboard "$@" -sgf "" -mode MachineWhite & # the user plays Black, from the bottom
		pid=$!
		sleep 6
		xdotool mousemove $(square 3 0) mousedown 1 # the Ninja Guard on c8
		sleep 1
		xdotool mousemove $(square 3 1)
		sleep 1
		capture $dir/$v-lift.png
		xdotool mousemove $(square 1 2) mouseup 1 # e6
		sleep 4
	elif [ $mode = start ]; then
		/usr/games/xboard "$@" -sgf "" &
		pid=$!
		sleep 5
		capture $dir/$v-start.png
	else
		rm -f $dir/$v.pgn
		/usr/games/xboard "$@" -mode TwoMachines -sgf $dir/$v.pgn &
		pid=$!
		i=0 # XBoard appends the game to the PGN file when it ends
		while [ $i -lt 900 ] && ! [ -s $dir/$v.pgn ] && kill -0 $pid 2>/dev/null; do
			sleep 1
			i=$((i + 1))
		done
		sleep 2
		capture $dir/$v.png
	fi
	kill $pid 2>/dev/null || true
	wait $pid || true
	exit 0
fi

go build -o "$engine" .
for v in ${*:-prisonbreak claustrophobia prisonersescape}; do
	modes="start game"
	[ $v = prisonbreak ] && modes="$modes lift"
	for mode in $modes; do
		# XBoard reads the user's ~/.xboardrc (the options below override what matters)
		# and must not overwrite it: -saveSettingsOnExit false.
		xvfb-run -a -s "-screen 0 1280x1024x24" sh "$0" --inside $mode $v \
			-fcp "$engine xboard" -scp "$engine xboard" -variant $v -testLegality false \
			-tc 0:20 -inc 0.2 -size Medium -saveSettingsOnExit false -popupExitMessage false \
			-soundProgram "" \
			-messageSuppress "Right-clicking menu item or dialog text pops up help on it" \
			-debug -nameOfDebugFile /tmp/xboard-$v-$mode.debug
	done
	coordinates </tmp/xboard-$v-game.debug >$dir/$v.moves
done
