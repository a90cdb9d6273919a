#!/bin/sh
# Reproduces docs/xboard's pictures and game with XBoard's legality testing on (see
# docs/xboard.md, "Legality testing on"): ai-wok, whose pieces XBetza states exactly, so
# that Chimera's piece lines give XBoard every move. Two runs under Xvfb: Chimera against
# itself (ai-wok.png at the end of the game, ai-wok.pgn as XBoard saves it), and the user
# playing Black against Chimera: the mouse (xdotool) lifts Black's Ai-Wok on d8 and
# ai-wok-lift.png shows the squares XBoard marks for it, from the piece line A& RNF.
#
# Usage, from the repository root: sh docs/xboard/legality.sh
# Needs xboard, xvfb-run (xvfb), xwd and xwininfo (x11-apps, x11-utils), xdotool and
# ImageMagick. CHIMERA names the engine binary to build, CONVERT ImageMagick's convert.
set -e
dir=docs/xboard
v=ai-wok
engine=${CHIMERA:-/tmp/chimera-shots}
convert=${CONVERT:-convert}

# geometry: XBoard's main window, WxH+X+Y (inside Xvfb).
geometry() {
	xwininfo -root -children | grep '("xboard" "Xboard")' |
		grep -o '[0-9]*x[0-9]*+[0-9]*+[0-9]*' | sort -t x -k1 -n -r | head -1
}
# capture OUT.png: the XBoard main window, cropped from the screen, in 64 colours.
capture() {
	xwd -root | $convert xwd:- -crop "$(geometry)" +repage -dither None -colors 64 png:"$1"
}
# square FILE ROW: the screen point of a square of the 8x8 board, counted from the
# bottom-left corner as drawn (the board fills the bottom of the window).
square() {
	geometry | tr 'x+' '  ' | awk -v f=$1 -v r=$2 '{ s = $1 / 8; printf "%d %d", $3 + (f + 0.5) * s, $4 + $2 - (r + 0.5) * s }'
}

if [ "$1" = --inside ]; then # run by xvfb-run below: $2 is game or lift
	mode=$2
	shift 2
	if [ $mode = lift ]; then
		/usr/games/xboard "$@" -sgf "" -mode MachineWhite & # the user plays Black, from the bottom
		pid=$!
		sleep 8
		xdotool mousemove $(square 4 0) mousedown 1 # Black's Ai-Wok on d8 (drawn from Black's side)
		sleep 1
		xdotool mousemove $(square 4 1)
		sleep 1
		capture $dir/$v-lift.png
		xdotool mousemove $(square 3 1) mouseup 1 # e7
		sleep 4
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
for mode in game lift; do
	# XBoard must not overwrite the user's ~/.xboardrc: -saveSettingsOnExit false.
	xvfb-run -a -s "-screen 0 1280x1024x24" sh "$0" --inside $mode \
		-fcp "$engine xboard" -scp "$engine xboard" -variant $v \
		-testLegality true -showTargetSquares true \
		-tc 0:10 -inc 0.1 -size Medium -saveSettingsOnExit false -popupExitMessage false \
		-soundProgram "" \
		-messageSuppress "Right-clicking menu item or dialog text pops up help on it" \
		-debug -nameOfDebugFile /tmp/xboard-$v-$mode.debug
done
"$engine" replay $v $dir/$v.pgn >/dev/null # stops here if a SAN move does not read back
