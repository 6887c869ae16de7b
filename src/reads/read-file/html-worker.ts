import { type ConvertLimits, htmlToText } from '../../slack/html-to-text.js';
import { serveJobs } from '../../workers/serve-jobs.js';

// One thread of the HTML conversions' WorkerPool: a document at a time, within its limits.
serveJobs((job: { html: string } & ConvertLimits) => htmlToText(job.html, job));
