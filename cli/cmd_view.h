/* cmd_view.h: the page subcommands: `view PGN` (a game viewer page) and `report FOLDER`
 * (report.html made again from a finished run's files). */
#ifndef MAXTUNE_CMD_VIEW_H
#define MAXTUNE_CMD_VIEW_H

int cmd_view(int argc, char **argv);
int cmd_report(int argc, char **argv);

#endif
