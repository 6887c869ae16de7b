const words = (text: string): ReadonlySet<string> => new Set(text.split(/\s+/));

// Function words; content verbs that name tool actions (get, find, list, search, send) stay out.
export const STOP_WORDS = words(
  'a about above after again against all also am an and any are as at be because been before being ' +
    'below between both but by can could did do does doing down during each either else etc ever few for ' +
    'from further had has have having he her here hers herself him himself his how however i if in into is ' +
    'it its itself just let lets me might mine more most must my myself neither no nor not now of off on ' +
    'once only or other ought our ours ourselves out over own per please same shall she should so some ' +
    'such than that the their theirs them themselves then there these they this those through thus to too ' +
    'under until up upon us very via was we were what whatever when where whether which while who whom ' +
    'whose why will with within without would yet you your yours yourself yourselves able anyone anything ' +
    'cannot hello hi kindly like maybe need needs okay want wants wanted wish im ive id youre dont doesnt',
);

/** The phrasing of a request to an assistant ("could you help me ..."): ignored in queries only. */
export const REQUEST_FILLER = words(
  'help want need like tell know interested looking planning additionally please thank thanks hey hi ' +
    'kindly ensure sure assist assistance',
);
