/* The accelsel command-line tool: the one progress bar of long commands, drawn
 * on stderr when stderr is a terminal. Callers that print machine-readable
 * output (json, yaml) do not create one. Every function accepts NULL. */
#ifndef ACCELSEL_CLI_PROGRESS_H
#define ACCELSEL_CLI_PROGRESS_H

typedef struct cli_progress cli_progress;

/* A bar titled @p label; NULL when stderr is not a terminal (or out of memory). */
cli_progress *cli_progress_new(const char *label);

/* Redraw with @p fraction (clamped to [0, 1]) done and an optional short
 * @p detail (NULL for none). Redraws at most every 50 ms, and always when the
 * whole percent changes. */
void cli_progress_update(cli_progress *p, double fraction, const char *detail);

/* Clear the line and free the bar. */
void cli_progress_done(cli_progress *p);

#endif
