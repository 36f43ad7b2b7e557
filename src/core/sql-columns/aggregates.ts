// Aggregate functions by name (lower-cased): an output column made by one is an `aggregate` edge.
// One list for both readers of a query's shape (query-shape.ts, static-shape.ts).
export const AGGREGATES = new Set(['sum', 'count', 'avg', 'min', 'max', 'any_value', 'array_agg', 'string_agg', 'listagg', 'group_concat', 'median', 'mode', 'stddev', 'stddev_pop',
  'stddev_samp', 'variance', 'var_pop', 'var_samp', 'bool_and', 'bool_or', 'every', 'count_if', 'countif', 'approx_count_distinct', 'arbitrary', 'first', 'last',
  'list', 'array_agg_distinct', 'object_agg', 'logical_and', 'logical_or', 'hll_count', 'percentile_cont', 'percentile_disc', 'quantile', 'approx_quantile', 'max_by', 'min_by', 'arg_max', 'arg_min']);
