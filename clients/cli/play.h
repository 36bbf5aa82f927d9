// clients/cli/play.h: `impi play`, the players' loop in a terminal.
//
// Overview: a solo British player at a real table plays against impi's Zulus
// without a browser. The loop starts a built-in scenario (or a saved game),
// lets impi play until the British are awaited, prints what happened in
// plain words (umpire-only detail with --reveal) and what impi awaits, then
// reads the player's commands:
//
//   move ID X Y          ID moved to (X, Y) inches
//   fire ID TARGET HITS  ID fired at TARGET and hit HITS figures
//   charge ID TARGET     ID charged TARGET
//   lost TARGET N        TARGET lost N figures (Zulu fire resolved at the table)
//   result TARGET N      close combat resolved at the table: TARGET lost N
//   remove TARGET        TARGET is destroyed or leaves the table
//   deploy ID X Y        ID deploys at (X, Y) (Ferree's deployment)
//   bayonets ID          ID fixes bayonets (Ferree)
//   fire ID TARGET       (Empress, where impi rolls every die) ID fires at TARGET
//   aim ID TARGET INCHES (Empress) a gun or rocket fires, announcing the range
//   hold ID              (Empress) ID holds and defends
//   join ID UNIT         (Empress) the commander or his aide joins UNIT
//   order ID UNIT hold|attack  (Empress) he changes UNIT's standing order
//   limber ID, unlimber ID     (Empress) a gun, Gatling or rocket
//   stance ID STANCE     ID goes PRONE, UPRIGHT, SQUARE, MOUNTED or DISMOUNTED
//   options [ID]         the British actions impi offers now, numbered
//                        (AdvanceRequest.list_options)
//   do N [N ...]         note the options numbered N (where the rules take
//                        only the orders impi offers, as Roark's Drift's
//                        hex board does, every order is given so; an
//                        option carrying a rule set's own order is printed
//                        with it: "c12 MOVE into hex (5, 8): move")
//   pass                 send the actions so far and PASS: impi plays on
//                        (Empress: every unit not yet ordered holds; where the
//                        British act unit by unit in any order and a PASS
//                        naming no unit ends the phase, e.g. Pagano's 140
//                        figures: the phase ends, the rest stand)
//   end, pass all        the same PASS (end: only where it ends a phase)
//   volley               there, in a fire phase: each unit awaited fires at
//                        the nearest target impi offers it (or stands), one
//                        step a unit, until the phase is over
//   send                 send the actions so far without passing
//   drop                 forget the actions not sent
//   undo                 take back the last step
//   units                the units on the table
//   render FILE          the table as SVG (impi render's picture)
//   save [FILE]          save the game (a TableState, as `impi advance` reads)
//   help, quit
//
// A scenario is one packed with impi (impi example lists them) or one a rule
// set builds itself (Pagano's rorkes_drift, isandlwana_tactical, Roark's
// Drift's roarks_drift). Where the offered PASS carries the rule set's own
// order, pass sends that one.
//
// Every step is an Advance to the server over gRPC. With --dice manual the
// step is sent with the dice typed so far; when impi needs more it says how
// many, of what and what for ("at least 1 more needed (1D6), the first for
// 'RANDOM CHANCE ON-FIELD'"), the player rolls and types them (faces, or
// r / b for the cards turned), and the step is sent again whole. Otherwise
// step k rolls with seed SEED + k. After each step the game is written to
// the save file, if any; --load continues a saved game: the web page's
// saved file ({state, awaiting, events}), a TableState (what `save`
// writes), or a request or answer holding one (render.h's
// ParseRenderInput).
//
// Usage:
//   PlayOptions o;  o.scenario = "isandlwana";  o.manual_dice = true;  o.save = "game.json";
//   int code = PlayCommand(o, std::cin, std::cout, std::cerr);
//
// Thread safety: one loop per thread.
#ifndef IMPI_CLIENTS_CLI_PLAY_H_
#define IMPI_CLIENTS_CLI_PLAY_H_

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>

#include "clients/cli/commands.h"

namespace impi::cli {

struct PlayOptions {
  std::string scenario;  // a built-in scenario (impi example lists them); empty: the first
  std::string load;                // a saved game to continue instead
  std::string save;                // written after every step (empty: not saved)
  bool manual_dice = false;        // dice and cards typed in from the table
  uint64_t seed = 1;               // step k rolls with seed + k (not manual)
  bool reveal = false;             // show umpire-only events and detail
  CallOptions call;
};

int PlayCommand(const PlayOptions& options, std::istream& in, std::ostream& out,
                std::ostream& err);

}  // namespace impi::cli

#endif  // IMPI_CLIENTS_CLI_PLAY_H_
